// The Active Grants Timeline's drawing: one row per kind of date (started,
// submitted, awarded, internal and sponsor deadline), a mark per date on a
// time axis, a dashed line at today and the item under the pointer named in
// a tooltip. It repeats the timeline's table as a picture (its box is
// aria-hidden). Plain SVG: the charting library it replaced was 130 KB gz
// for this and the funding pie (decision 051); it draws what that drew.
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import { useBoxSize } from '../hooks/use-box-size';
import { symbolPath } from '../utils/chart-symbols';
import type { Lane, Point } from './timeline-chart';

const monthFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

// Where the plot sits in its box: room above for "Today", the rows' names on
// the left, the months below.
const margin = { top: 20, right: 16, bottom: 8 };
const rowNamesWidth = 112;
const monthsHeight = 30;
const tickSize = 6;
const axisColor = '#666';
const gridColor = '#e2e8f0';
const textColor = '#334155';
/** How close month names may come before one is left out. */
const monthNameRoom = 64;

/** A row's name on one line, or two when long ("Sponsor / deadline"). */
function nameLines(label: string): string[] {
  const space = label.lastIndexOf(' ');
  return label.length > 12 && space > 0 ? [label.slice(0, space), label.slice(space + 1)] : [label];
}

type Hovered = { point: Point; x: number; y: number };

export function TimelinePlot({
  series,
  domain,
  ticks,
  todayMs,
}: {
  series: { lane: Lane; points: Point[] }[];
  domain: [number, number];
  ticks: number[];
  todayMs: number;
}) {
  const [box, { width, height }] = useBoxSize<HTMLDivElement>();
  const [hovered, setHovered] = useState<Hovered | null>(null);
  // Rows for the kinds of date that occur, the first at the bottom.
  const rows = series.filter((s) => s.points.length > 0);
  const x0 = rowNamesWidth;
  const x1 = Math.max(x0 + 1, width - margin.right);
  const y0 = margin.top;
  const y1 = Math.max(y0 + 1, height - margin.bottom - monthsHeight);
  const band = (y1 - y0) / Math.max(1, rows.length);
  const yOf = (row: number) => y1 - band * (row + 0.5);
  const xOf = (t: number) => x0 + ((t - domain[0]) / (domain[1] - domain[0] || 1)) * (x1 - x0);
  const tickXs = ticks.map(xOf).filter((x) => x >= x0 && x <= x1);
  const namedTicks = ticks.filter((t, i) => {
    const x = xOf(t);
    if (x < x0 || x > x1) return false;
    const previous = ticks
      .slice(0, i)
      .map(xOf)
      .filter((p) => p >= x0);
    return previous.length === 0 || x - previous[previous.length - 1]! >= monthNameRoom;
  });
  const todayX = xOf(todayMs);

  return (
    <div ref={box} className="relative h-full w-full" onPointerLeave={() => setHovered(null)}>
      {width > 0 ? (
        <svg width={width} height={height} className="block">
          <g stroke={gridColor}>
            {rows.map((_, row) => (
              <line key={row} x1={x0} x2={x1} y1={yOf(row)} y2={yOf(row)} />
            ))}
            {tickXs.map((x) => (
              <line key={x} x1={x} x2={x} y1={y0} y2={y1} />
            ))}
            <line x1={x0} x2={x1} y1={y0} y2={y0} />
            <line x1={x1} x2={x1} y1={y0} y2={y1} />
          </g>
          <g stroke={axisColor}>
            <line x1={x0} x2={x0} y1={y0} y2={y1} />
            <line x1={x0} x2={x1} y1={y1} y2={y1} />
            {rows.map((_, row) => (
              <line key={row} x1={x0 - tickSize} x2={x0} y1={yOf(row)} y2={yOf(row)} />
            ))}
            {namedTicks.map((t) => (
              <line key={t} x1={xOf(t)} x2={xOf(t)} y1={y1} y2={y1 + tickSize} />
            ))}
          </g>
          <g fill={textColor} fontSize={12}>
            {rows.map(({ lane }, row) => {
              const lines = nameLines(lane.label);
              return (
                <text key={lane.key} textAnchor="end" dominantBaseline="central">
                  {lines.map((line, i) => (
                    <tspan
                      key={line}
                      x={x0 - tickSize - 2}
                      y={yOf(row) + (i - (lines.length - 1) / 2) * 12}
                    >
                      {line}
                    </tspan>
                  ))}
                </text>
              );
            })}
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
          {hovered ? (
            <g stroke="#ccc" strokeDasharray="3 3">
              <line x1={hovered.x} x2={hovered.x} y1={y0} y2={y1} />
              <line x1={x0} x2={x1} y1={hovered.y} y2={hovered.y} />
            </g>
          ) : null}
          {todayX >= x0 && todayX <= x1 ? (
            <g>
              <line
                x1={todayX}
                x2={todayX}
                y1={y0}
                y2={y1}
                stroke="#0f172a"
                strokeDasharray="4 3"
              />
              <text x={todayX} y={y0 - 5} textAnchor="middle" fill="#0f172a" fontSize={12}>
                Today
              </text>
            </g>
          ) : null}
          {rows.map(({ lane, points }, row) =>
            points.map((point, i) => {
              const x = xOf(point.t);
              const y = yOf(row);
              return (
                <g
                  key={`${lane.key}-${i}`}
                  transform={`translate(${x},${y})`}
                  data-chart-point=""
                  onPointerEnter={() => setHovered({ point, x, y })}
                >
                  {/* A larger, unseen target around the mark, for the pointer. */}
                  <circle r={8} fill="transparent" />
                  <path d={symbolPath(lane.shape)} fill={lane.color} />
                </g>
              );
            }),
          )}
        </svg>
      ) : null}
      {hovered ? (
        <div
          className="pointer-events-none absolute z-10 max-w-64 rounded-lg bg-slate-900 px-3 py-2 text-xs leading-relaxed text-white shadow-lg"
          style={{
            ...(hovered.x > width / 2
              ? { right: width - hovered.x + 10 }
              : { left: hovered.x + 10 }),
            ...(hovered.y > height / 2
              ? { bottom: height - hovered.y + 10 }
              : { top: hovered.y + 10 }),
          }}
        >
          <p className="font-semibold">{hovered.point.title}</p>
          <p>{hovered.point.who}</p>
          <p>
            {hovered.point.what}: {formatDate(hovered.point.day)}
          </p>
        </div>
      ) : null}
    </div>
  );
}
