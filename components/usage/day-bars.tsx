import type { ReactNode } from 'react';

/** One kind of bar: its name in the legend and a fill from the theme's CSS variables (dark mode follows). */
type BarSeries = { name: string; fill: string; opacity?: number };

export type DayBarsProps = {
  /** Unique on the page: the SVG's title and description are referenced by it. */
  id: string;
  title: string;
  description: string;
  series: BarSeries[];
  /** Per day, one value per series (null: nothing that day). */
  days: { date: string; values: (number | null)[]; tooltip: string }[];
  /** stack: the values add up; overlay: each bar from zero, later series drawn narrower in front (p50 inside p95). */
  mode: 'stack' | 'overlay';
  /** The top of the scale and its label (e.g. "240 ms"). */
  max: number;
  maxLabel: string;
  /** Pixel height of the plot, fixed so that nothing moves when it renders. */
  height?: number;
  /** Said instead of the bars when no day has a value; the box keeps its height. */
  emptyText: string;
  /** The same numbers as a table, for keyboards and screen readers. */
  table: ReactNode;
};

const VIEW_HEIGHT = 100;

/**
 * A month's days as bars in hand-made SVG, rendered on the server (no JavaScript shipped). The
 * SVG stretches to the width (390 px phones too) at a fixed height; its title and description
 * name it for screen readers, each day's bar has a tooltip, and the table under it holds the numbers.
 */
export function DayBars({
  id,
  title,
  description,
  series,
  days,
  mode,
  max,
  maxLabel,
  height = 140,
  emptyText,
  table,
}: DayBarsProps) {
  const empty = days.every((d) => d.values.every((v) => !v));
  const slot = 100 / Math.max(1, days.length);
  const scale = (v: number) => (Math.min(v, max) / Math.max(max, Number.MIN_VALUE)) * (VIEW_HEIGHT - 2);

  return (
    <figure className="flex flex-col gap-2" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="text-sm font-medium">
        {title}
      </figcaption>
      <div className="rounded-lg border border-border bg-raised p-3">
        {empty ? (
          // As tall as the bars with their labels above and below, so an empty month takes the same room.
          <p
            className="flex items-center justify-center rounded-md border border-dashed border-border bg-surface text-center text-sm text-muted"
            style={{ height: height + 40 }}
          >
            {emptyText}
          </p>
        ) : (
          <>
            <div className="mb-1 text-xs text-muted tabular-nums" aria-hidden="true">
              {maxLabel}
            </div>
            <svg
              role="img"
              aria-labelledby={`${id}-title`}
              aria-describedby={`${id}-desc`}
              viewBox={`0 0 100 ${VIEW_HEIGHT}`}
              preserveAspectRatio="none"
              className="block w-full"
              style={{ height }}
            >
              <title id={`${id}-title`}>{title}</title>
              <desc id={`${id}-desc`}>{description}</desc>
              {[0, 0.5, 1].map((f) => (
                <line
                  key={f}
                  x1={0}
                  x2={100}
                  y1={VIEW_HEIGHT - f * (VIEW_HEIGHT - 2)}
                  y2={VIEW_HEIGHT - f * (VIEW_HEIGHT - 2)}
                  stroke="var(--c-border)"
                  strokeWidth={1}
                  vectorEffect="non-scaling-stroke"
                  strokeDasharray={f ? '3 3' : undefined}
                />
              ))}
              {days.map((day, i) => {
                let base = VIEW_HEIGHT;
                return (
                  <g key={day.date}>
                    <title>{day.tooltip}</title>
                    {/* A full-height transparent slot, so that the tooltip shows over short bars too. */}
                    <rect x={i * slot} width={slot} y={0} height={VIEW_HEIGHT} fill="transparent" />
                    {day.values.map((value, s) => {
                      if (!value) return null;
                      const h = Math.max(scale(value), 0.8);
                      const inset = mode === 'overlay' ? 0.15 + s * 0.12 : 0.15;
                      const y = mode === 'stack' ? base - h : VIEW_HEIGHT - h;
                      if (mode === 'stack') base -= h;
                      const look = series[s]!;
                      return (
                        <rect
                          key={look.name}
                          x={i * slot + slot * inset}
                          width={slot * (1 - 2 * inset)}
                          y={y}
                          height={h}
                          fill={look.fill}
                          fillOpacity={look.opacity ?? 1}
                        />
                      );
                    })}
                  </g>
                );
              })}
            </svg>
            <div className="mt-1 flex justify-between text-xs text-muted tabular-nums" aria-hidden="true">
              <span>{days[0]?.date.slice(5)}</span>
              <span>{days.at(-1)?.date.slice(5)}</span>
            </div>
          </>
        )}
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label={`${title}: legend`}>
          {series.map((s) => (
            <li key={s.name} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-sm"
                style={{ background: s.fill, opacity: s.opacity ?? 1 }}
              />
              {s.name}
            </li>
          ))}
        </ul>
      </div>
      {empty ? null : (
        <details className="text-sm">
          <summary className="cursor-pointer text-primary underline-offset-4 hover:underline">
            {title} as a table
          </summary>
          <div
            className="mt-2 overflow-x-auto rounded-lg border border-border"
            role="region"
            aria-label={`${title} table`}
            tabIndex={0}
          >
            {table}
          </div>
        </details>
      )}
    </figure>
  );
}

/** A round top for a scale: 1, 2 or 5 times a power of ten, at least `value`. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((m) => m >= value) ?? 10 * power;
}
