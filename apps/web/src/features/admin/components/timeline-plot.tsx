// The Active Grants Timeline's drawing: one row per application, its name on
// a line of its own above a bar from its first date to its last, with a mark
// for each date (started, submitted, awarded, internal and sponsor deadline)
// on a shared time axis, a dashed line at today and the mark under the
// pointer named in a tooltip. Names above the bars, not beside them, keep a
// phone's whole width for the dates. It repeats the timeline's table as a
// picture (its box is aria-hidden). Plain SVG (decision 051).
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import { useBoxSize } from '../hooks/use-box-size';
import { symbolPath } from '../utils/chart-symbols';
import type { Point, Row } from '../utils/timeline-rows';

const monthFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

// Room above for "Today", a little at the sides, the months below.
const margin = { top: 22, right: 12, left: 12, bottom: 8 };
/** A row: its name (12 px text) above its bar. */
export const rowHeight = 42;
const monthsHeight = 30;
const tickSize = 6;
const axisColor = '#666';
const gridColor = '#e2e8f0';
const textColor = '#334155';
const barColor = '#cbd5e1';
/** How close month names may come before one is left out. */
const monthNameRoom = 64;
/** About how wide a character of the 12 px names is, to cut a long name to its row. */
const charWidth = 6.6;

/** The height a plot of `rows` rows needs. */
export function plotHeight(rows: number): number {
  return margin.top + rows * rowHeight + monthsHeight + margin.bottom;
}

/** A name cut to `room` pixels, with an ellipsis when cut. */
export function fitName(name: string, room: number): string {
  const most = Math.max(4, Math.floor(room / charWidth));
  return name.length <= most ? name : `${name.slice(0, most - 1).trimEnd()}…`;
}

type Hovered = { point: Point; x: number; y: number };

export function TimelinePlot({
  rows,
  domain,
  ticks,
  todayMs,
}: {
  rows: Row[];
  domain: [number, number];
  ticks: number[];
  todayMs: number;
}) {
  const [box, { width }] = useBoxSize<HTMLDivElement>();
  const [hovered, setHovered] = useState<Hovered | null>(null);
  const height = plotHeight(rows.length);
  const x0 = margin.left;
  const x1 = Math.max(x0 + 1, width - margin.right);
  const y0 = margin.top;
  const y1 = y0 + rows.length * rowHeight;
  const nameY = (row: number) => y0 + row * rowHeight + 13;
  const barY = (row: number) => y0 + row * rowHeight + 29;
  const xOf = (t: number) => x0 + ((t - domain[0]) / (domain[1] - domain[0] || 1)) * (x1 - x0);
  const tickXs = ticks.map(xOf).filter((x) => x >= x0 && x <= x1);
  const namedTicks = ticks.filter((t, i) => {
    const x = xOf(t);
    // A name needs half its width on each side of its tick, inside the box.
    if (x < x0 + monthNameRoom / 2 - 8 || x > x1 - monthNameRoom / 2 + 8) return false;
    const previous = ticks
      .slice(0, i)
      .map(xOf)
      .filter((p) => p >= x0);
    return previous.length === 0 || x - previous[previous.length - 1]! >= monthNameRoom;
  });
  const todayX = xOf(todayMs);

  return (
    <div
      ref={box}
      className="relative w-full"
      style={{ height }}
      onPointerLeave={() => setHovered(null)}
    >
      {width > 0 ? (
        <svg width={width} height={height} className="block">
          <g stroke={gridColor}>
            {tickXs.map((x) => (
              <line key={x} x1={x} x2={x} y1={y0} y2={y1} />
            ))}
            {rows.map((row, i) => (
              <line key={row.key} x1={x0} x2={x1} y1={y0 + i * rowHeight} y2={y0 + i * rowHeight} />
            ))}
          </g>
          <g stroke={axisColor}>
            <line x1={x0} x2={x1} y1={y1} y2={y1} />
            {namedTicks.map((t) => (
              <line key={t} x1={xOf(t)} x2={xOf(t)} y1={y1} y2={y1 + tickSize} />
            ))}
          </g>
          <g fill={textColor} fontSize={12}>
            {namedTicks.map((t) => (
              <text
                key={t}
                x={xOf(t)}
                y={y1 + tickSize + 4}
                textAnchor="middle"
                dominantBaseline="hanging"
              >
                {monthFormat.format(new Date(t))}
              </text>
            ))}
          </g>
          {todayX >= x0 && todayX <= x1 ? (
            <g>
              <line x1={todayX} x2={todayX} y1={y0} y2={y1} stroke="#0f172a" strokeDasharray="4 3" />
              <text x={todayX} y={y0 - 6} textAnchor="middle" fill="#0f172a" fontSize={12}>
                Today
              </text>
            </g>
          ) : null}
          {rows.map((row, i) => {
            const xs = row.points.map((p) => xOf(p.t));
            const y = barY(i);
            return (
              <g key={row.key}>
                {/* A white outline keeps the name readable over the grid and the line at today. */}
                <text
                  x={x0}
                  y={nameY(i)}
                  fill={textColor}
                  fontSize={12}
                  stroke="#ffffff"
                  strokeWidth={4}
                  strokeLinejoin="round"
                  paintOrder="stroke"
                >
                  <tspan fontWeight={600}>{fitName(row.title, (x1 - x0) * 0.68)}</tspan>
                  <tspan fill="#475569"> · {fitName(row.who, (x1 - x0) * 0.3)}</tspan>
                </text>
                {xs.length > 1 ? (
                  <line
                    x1={Math.min(...xs)}
                    x2={Math.max(...xs)}
                    y1={y}
                    y2={y}
                    stroke={barColor}
                    strokeWidth={6}
                    strokeLinecap="round"
                  />
                ) : null}
                {row.points.map((point, j) => {
                  const x = xs[j]!;
                  return (
                    <g
                      key={point.lane.key}
                      transform={`translate(${x},${y})`}
                      data-chart-point=""
                      onPointerEnter={() => setHovered({ point, x, y })}
                    >
                      {/* A larger, unseen target around the mark, for the pointer. */}
                      <circle r={8} fill="transparent" />
                      <path d={symbolPath(point.lane.shape)} fill={point.lane.color} />
                    </g>
                  );
                })}
              </g>
            );
          })}
        </svg>
      ) : null}
      {hovered ? (
        <div
          className="pointer-events-none absolute z-10 max-w-64 rounded-lg bg-slate-900 px-3 py-2 text-xs leading-relaxed text-white shadow-lg"
          style={{
            ...(hovered.x > width / 2 ? { right: width - hovered.x + 10 } : { left: hovered.x + 10 }),
            ...(hovered.y > height / 2 ? { bottom: height - hovered.y + 10 } : { top: hovered.y + 10 }),
          }}
        >
          <p className="font-semibold">{hovered.point.title}</p>
          <p>{hovered.point.who}</p>
          <p>
            {hovered.point.lane.label}: {formatDate(hovered.point.day)}
          </p>
        </div>
      ) : null}
    </div>
  );
}
