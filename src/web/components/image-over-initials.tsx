import { useEffect, useRef, useState } from "react";

/**
 * A picture laid over the initials its parent already shows (the parent is `relative`). It stays invisible until it
 * has loaded, so a slow or unreachable host shows the initials instead of the browser's broken-image box, and a failed
 * image (also one that failed before hydration, checked on mount) is removed.
 */
export function ImageOverInitials(props: { src: string | null; className: string }) {
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const img = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const el = img.current;
    if (!el?.complete) return;
    if (el.naturalWidth === 0) setFailed(true);
    else setLoaded(true);
  }, []);

  if (!props.src || failed) return null;
  return (
    <img
      ref={img}
      src={props.src}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      onLoad={() => setLoaded(true)}
      // data-over-initials: on pages served without React the visitor script shows or removes it (decision 162).
      data-over-initials=""
      className={`over-initials ${loaded ? "opacity-100" : "opacity-0"} ${props.className}`}
    />
  );
}
