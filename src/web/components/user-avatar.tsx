import { isValidHttpUrl } from "../../common/url";

/** Picture (http(s) only) or initials on the accent colour. */
export function UserAvatar(props: { name: string; thumbnail: string | null; size?: "sm" | "lg" }) {
  const size = props.size === "lg" ? "size-20 text-2xl" : "size-7 text-xs";
  const initials =
    props.name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? "")
      .join("") || "?";
  if (props.thumbnail && isValidHttpUrl(props.thumbnail)) {
    return <img src={props.thumbnail} alt="" className={`${size} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-accent font-bold text-white`}
    >
      {initials}
    </span>
  );
}
