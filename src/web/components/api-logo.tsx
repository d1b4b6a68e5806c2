import type { CSSProperties } from "react";
import { hueOf, initialsOf } from "../lib/format";
import { ImageOverInitials } from "./image-over-initials";

/** The gradient itself is in `.api-logo` (app.css); only the hue travels with each logo. */
function hueStyle(hue: number): CSSProperties & { "--hue": string } {
  return { "--hue": String(hue) };
}

/** API logo (https only) over coloured initials; see ImageOverInitials for how a missing picture is handled. */
export function ApiLogo(props: { name: string; thumbnail: string | null; size?: "md" | "lg" }) {
  const large = props.size === "lg";
  const box = large ? "size-16 rounded-2xl text-xl" : "size-11 rounded-xl text-sm";
  const hue = hueOf(props.name);
  const src = props.thumbnail && /^https:\/\//i.test(props.thumbnail) ? props.thumbnail : null;

  return (
    <span aria-hidden="true" className={`api-logo ${box}`} style={hueStyle(hue)}>
      {initialsOf(props.name)}
      <ImageOverInitials src={src} className="bg-white object-contain p-1.5" />
    </span>
  );
}
