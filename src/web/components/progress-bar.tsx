import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { PROGRESS_BAR } from "../../common/theme/theme-tokens";

type Phase = "idle" | "running" | "done";

/**
 * Spec section 9 loading bar: 2px high, shown only if a route change takes longer than 200 ms (throttle), grows over
 * 5000 ms, and fades out 500 ms after the navigation ends.
 */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase("running"), PROGRESS_BAR.throttleMs);
      return () => clearTimeout(timer);
    }
    setPhase((p) => (p === "running" ? "done" : p));
    return undefined;
  }, [busy]);

  useEffect(() => {
    if (phase !== "done") return;
    const timer = setTimeout(() => setPhase("idle"), PROGRESS_BAR.hideAfterMs);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-hidden="true"
      data-testid="progress-bar"
      className="fixed inset-x-0 top-0 z-50 origin-[0%_50%] bg-accent-fill rtl:origin-[100%_50%]"
      style={{
        height: PROGRESS_BAR.heightPx,
        animation:
          phase === "running"
            ? `progress-grow ${PROGRESS_BAR.durationMs}ms cubic-bezier(0.1, 0.7, 0.3, 1) forwards`
            : "none",
        transform: phase === "done" ? "scaleX(1)" : undefined,
        opacity: phase === "done" ? 0 : 1,
        transition:
          phase === "done" ? `transform 150ms ease-out, opacity ${PROGRESS_BAR.hideAfterMs}ms ease-in` : undefined,
      }}
    />
  );
}
