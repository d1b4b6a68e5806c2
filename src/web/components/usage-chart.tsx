import { type UsageBar, usageBars } from "./usage-chart-bars";

export interface UsageChartProps {
  /** Per-minute points (minute = epoch ms at the start of the minute), any order, gaps allowed. */
  series: ReadonlyArray<{ minute: number; calls: number; errors: number }>;
  /** The window shown: [fromMinute, toMinute], both epoch ms at a minute start. */
  fromMinute: number;
  toMinute: number;
  /** Accessible summary ("42 calls in the last 60 minutes"). */
  label: string;
  testId?: string;
}

const WIDTH = 600;
const HEIGHT = 96;
const GAP = 1;

/**
 * Calls per minute as an inline SVG bar chart (errors stacked in the error colour). Rendered on the server like
 * any markup, so the dashboard needs no chart library (DESIGN: chart libraries load only on analytics dashboards).
 */
export function UsageChart(props: UsageChartProps) {
  const bars: UsageBar[] = usageBars(props.series, props.fromMinute, props.toMinute);
  const max = Math.max(1, ...bars.map((b) => b.calls));
  const slot = WIDTH / Math.max(1, bars.length);
  const barWidth = Math.max(1, slot - GAP);
  return (
    <svg
      data-testid={props.testId ?? "usage-chart"}
      data-bars={bars.length}
      data-max={max}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={props.label}
      className="h-24 w-full rounded-lg bg-slate-50 text-accent dark:bg-slate-950/60"
    >
      <title>{props.label}</title>
      <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-slate-300 dark:stroke-slate-700" />
      {bars.map((bar, i) => {
        if (bar.calls === 0) return null;
        const h = Math.max(2, (bar.calls / max) * (HEIGHT - 6));
        const eh = bar.errors === 0 ? 0 : Math.max(1.5, (bar.errors / max) * (HEIGHT - 6));
        const x = i * slot;
        return (
          <g key={bar.minute} data-minute={bar.minute} data-calls={bar.calls} data-errors={bar.errors}>
            <rect x={x} y={HEIGHT - h} width={barWidth} height={h - eh} rx="1" fill="currentColor" />
            {eh > 0 && <rect x={x} y={HEIGHT - eh} width={barWidth} height={eh} className="fill-danger" />}
          </g>
        );
      })}
    </svg>
  );
}
