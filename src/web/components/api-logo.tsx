import { useEffect, useRef, useState } from "react";
import { hueOf, initialsOf } from "../lib/format";

/**
 * API logo over coloured initials. The image stays invisible until it has loaded, so a slow or unreachable provider
 * host shows the initials instead of the browser's broken-image box; a failed image (also one that failed before
 * hydration, checked on mount) is removed.
 */
export function ApiLogo(props: { name: string; thumbnail: string | null; size?: "md" | "lg" }) {
  const large = props.size === "lg";
  const box = large ? "size-16 rounded-2xl text-xl" : "size-11 rounded-xl text-sm";
  const hue = hueOf(props.name);
  const src = props.thumbnail && /^https:\/\//i.test(props.thumbnail) ? props.thumbnail : null;
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
      className={`relative grid shrink-0 place-items-center overflow-hidden font-bold text-white shadow-sm ring-1 ring-black/5 ${box}`}
      style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 52%), hsl(${(hue + 40) % 360} 72% 42%))` }}
    >
      {initialsOf(props.name)}
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
          className={`absolute inset-0 size-full bg-white object-contain p-1.5 transition-opacity ${loaded ? "opacity-100" : "opacity-0"}`}
        />
      )}
    </span>
  );
}
