import { hueOf, initialsOf } from "../lib/format";
import { type LogoOwner, logoSrc } from "../lib/logo-src";
import { ImageOverInitials } from "./image-over-initials";

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
    <span
      aria-hidden="true"
      className={`relative grid shrink-0 place-items-center overflow-hidden font-bold text-white shadow-sm ring-1 ring-black/5 ${box}`}
      style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 52%), hsl(${(hue + 40) % 360} 72% 42%))` }}
    >
      {initialsOf(props.name)}
      <ImageOverInitials src={src} className="bg-white object-contain p-1.5" />
    </span>
  );
}
