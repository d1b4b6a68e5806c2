import { isValidHttpUrl } from "../../common/url";
import { ImageOverInitials } from "./image-over-initials";

/** Picture (http(s) only) over initials on the accent colour; see ImageOverInitials for a missing picture. */
export function UserAvatar(props: { name: string; thumbnail: string | null; size?: "sm" | "lg" }) {
  const size = props.size === "lg" ? "size-20 text-2xl" : "size-7 text-xs";
  const initials =
    props.name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? "")
      .join("") || "?";
  const src = props.thumbnail && isValidHttpUrl(props.thumbnail) ? props.thumbnail : null;

  return (
    <span
      aria-hidden="true"
      className={`${size} relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-fill font-bold text-white`}
    >
      {initials}
      <ImageOverInitials src={src} className="object-cover" />
    </span>
  );
}
