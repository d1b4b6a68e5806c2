import { useEffect, useRef, useState } from "react";
import { hueOf, initialsOf } from "../lib/format";

/**
 * API logo over coloured initials: when the provider's image fails (also before hydration, checked on mount), it is
 * removed and the initials show.
 */
export function ApiLogo(props: { name: string; thumbnail: string | null; size?: "md" | "lg" }) {
  const large = props.size === "lg";
  const box = large ? "size-16 rounded-2xl text-xl" : "size-11 rounded-xl text-sm";
  const hue = hueOf(props.name);
  const src = props.thumbnail && /^https:\/\//i.test(props.thumbnail) ? props.thumbnail : null;
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0) setFailed(true);
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
          className="absolute inset-0 size-full bg-white object-contain p-1.5"
        />
      )}
    </span>
  );
}
