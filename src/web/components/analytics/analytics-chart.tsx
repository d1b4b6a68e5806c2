import { type ReactNode, useEffect, useRef, useState } from "react";
import type uPlot from "uplot";

/*
 * A time-series chart drawn by uPlot (docs/decisions/090-analytics.md: ~20 KB gzipped, canvas). The library and its
 * stylesheet are imported when a chart mounts, so only the analytics screens load them. The server renders the
 * figure's caption and its data table (every chart has one, for screen readers and for reading exact numbers); the
 * canvas is drawn in the browser. Charts read left to right in RTL too (time runs that way), hence dir="ltr".
 */

export interface ChartSeries {
  label: string;
  /** One value per x; null: no data. */
  values: ReadonlyArray<number | null>;
  color: string;
  /** Filled (stacked bars are drawn as cumulative, biggest first). */
  fill?: boolean;
}

export interface AnalyticsChartProps {
  title: string;
  /** Epoch ms of each point. */
  x: readonly number[];
  series: ChartSeries[];
  /** "bars": stacked bars (series cumulative from the last); "lines". */
  kind: "bars" | "lines";
  testId: string;
  /** The data table shown under "Data table" (server-rendered). */
  table: ReactNode;
  tableLabel: string;
  height?: number;
}

function isDark(): boolean {
  return document.documentElement.classList.contains("dark");
}

/** Cumulative values from the last series to the first, so drawing the first (largest) under the others stacks. */
export function stackValues(series: ReadonlyArray<ReadonlyArray<number | null>>): number[][] {
  const out: number[][] = series.map((s) => s.map((v) => v ?? 0));
  for (let i = out.length - 2; i >= 0; i--) {
    const row = out[i] as number[];
    const below = out[i + 1] as number[];
    for (let j = 0; j < row.length; j++) row[j] = (row[j] ?? 0) + (below[j] ?? 0);
  }
  return out;
}

export function AnalyticsChart(props: AnalyticsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [theme, setTheme] = useState<"light" | "dark">("light");

  useEffect(() => {
    setTheme(isDark() ? "dark" : "light");
    const observer = new MutationObserver(() => setTheme(isDark() ? "dark" : "light"));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let cancelled = false;
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const axis = theme === "dark" ? "#94a3b8" : "#475569";
      const grid = theme === "dark" ? "rgba(148,163,184,0.15)" : "rgba(100,116,139,0.15)";
      const values =
        props.kind === "bars" ? stackValues(props.series.map((s) => s.values)) : props.series.map((s) => [...s.values]);
      const bars = UPlot.paths.bars?.({ size: [0.8, 48] });
      const options: uPlot.Options = {
        width: Math.max(200, el.clientWidth),
        height: props.height ?? 200,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [
          { stroke: axis, grid: { stroke: grid }, ticks: { stroke: grid } },
          { stroke: axis, grid: { stroke: grid }, ticks: { stroke: grid }, size: 56 },
        ],
        series: [
          {},
          ...props.series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: props.kind === "bars" ? 0 : 2,
            fill: props.kind === "bars" || s.fill ? s.color : undefined,
            paths: props.kind === "bars" ? bars : undefined,
            spanGaps: false,
          })),
        ],
      };
      const data: uPlot.AlignedData = [props.x.map((t) => t / 1000), ...values];
      plot = new UPlot(options, data, el);
      resize = new ResizeObserver(() =>
        plot?.setSize({ width: Math.max(200, el.clientWidth), height: props.height ?? 200 }),
      );
      resize.observe(el);
    });
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [props.x, props.series, props.kind, props.height, theme]);

  return (
    <figure data-testid={props.testId} className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold">{props.title}</figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400" aria-hidden="true">
        {props.series.map((s) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <span className="inline-block size-2.5 rounded-sm" style={{ backgroundColor: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      <div ref={box} dir="ltr" className="min-h-[200px] w-full overflow-hidden" aria-hidden="true" />
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-600 dark:text-slate-400">{props.tableLabel}</summary>
        <div className="mt-2 max-h-72 overflow-auto">{props.table}</div>
      </details>
    </figure>
  );
}
