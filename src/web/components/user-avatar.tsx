import { useEffect, useRef, useState } from "react";
import { isValidHttpUrl } from "../../common/url";

/**
 * Picture (http(s) only) over initials on the accent colour. As with ApiLogo, the picture stays invisible until it has
 * loaded and is removed when it fails (also before hydration, checked on mount), so an unreachable host shows the
 * initials instead of the browser's broken-image box.
 */
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
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const img = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const el = img.current;
    if (!el?.complete) return;
    if (el.naturalWidth === 0) setFailed(true);
    else setLoaded(true);
  }, []);

  return (
    <span
      aria-hidden="true"
      className={`${size} relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent font-bold text-white`}
    >
      {initials}
      {src && !failed && (
        <img
          ref={img}
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          onLoad={() => setLoaded(true)}
          className={`absolute inset-0 size-full object-cover transition-opacity ${loaded ? "opacity-100" : "opacity-0"}`}
        />
      )}
    </span>
  );
}
