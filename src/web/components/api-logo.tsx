import type { CSSProperties } from "react";
import { hueOf, initialsOf } from "../lib/format";
import { type LogoOwner, logoSrc } from "../lib/logo-src";
import { ImageOverInitials } from "./image-over-initials";

/** The gradient itself is in `.api-logo` (app.css); only the hue travels with each logo. */
function hueStyle(hue: number): CSSProperties & { "--hue": string } {
  return { "--hue": String(hue) };
}

/**
 * API (or collection) logo over coloured initials. The picture always comes from our own origin (/logos, decision
 * 142), never from the thumbnail's host; see ImageOverInitials for how a missing picture is handled.
 */
export function ApiLogo(props: { name: string; thumbnail: string | null; owner: LogoOwner; size?: "md" | "lg" }) {
  const large = props.size === "lg";
  const box = large ? "size-16 rounded-2xl text-xl" : "size-11 rounded-xl text-sm";
  const hue = hueOf(props.name);
  const src = logoSrc(props.owner, props.thumbnail);

  return (
    <span aria-hidden="true" className={`api-logo ${box}`} style={hueStyle(hue)}>
      {initialsOf(props.name)}
      <ImageOverInitials src={src} className="bg-white object-contain p-1.5" />
    </span>
  );
}
