// The Funding Overview's pie: a ring of slices, the largest first from three
// o'clock turning anticlockwise, and the slice under the pointer named in a
// tooltip. It repeats the table beside it as a picture (its box is
// aria-hidden). Plain SVG: the charting library it replaced was 130 KB gz for
// this and the timeline (decision 051); it draws what that drew.
import { useState, type PointerEvent } from 'react';
import { formatMoney } from '../../../lib/format';
import { useBoxSize } from '../hooks/use-box-size';
import type { PieSlice } from './funding-chart';

/** The point at `degrees` (anticlockwise from three o'clock) and `radius` from the centre. */
function at(cx: number, cy: number, radius: number, degrees: number): string {
  const a = (degrees * Math.PI) / 180;
  return `${cx + radius * Math.cos(a)},${cy - radius * Math.sin(a)}`;
}

/** A slice of the ring from `from` to `to` degrees. */
function slicePath(cx: number, cy: number, inner: number, outer: number, from: number, to: number) {
  if (to - from >= 359.999) {
    // The whole ring: two half circles each way, the hole cut out by the even-odd rule.
    return (
      `M${at(cx, cy, outer, 0)}A${outer},${outer},0,1,0,${at(cx, cy, outer, 180)}` +
      `A${outer},${outer},0,1,0,${at(cx, cy, outer, 360)}` +
      `M${at(cx, cy, inner, 0)}A${inner},${inner},0,1,0,${at(cx, cy, inner, 180)}` +
      `A${inner},${inner},0,1,0,${at(cx, cy, inner, 360)}Z`
    );
  }
  const large = to - from > 180 ? 1 : 0;
  return (
    `M${at(cx, cy, outer, from)}A${outer},${outer},0,${large},0,${at(cx, cy, outer, to)}` +
    `L${at(cx, cy, inner, to)}A${inner},${inner},0,${large},1,${at(cx, cy, inner, from)}Z`
  );
}

type Hovered = { slice: PieSlice; x: number; y: number };

export function FundingPie({ slices }: { slices: PieSlice[] }) {
  const [box, { width, height }] = useBoxSize<HTMLDivElement>();
  const [hovered, setHovered] = useState<Hovered | null>(null);
  const total = slices.reduce((sum, s) => sum + s.amount, 0);
  const cx = width / 2;
  const cy = height / 2;
  // A 5 px margin all round, as the library kept.
  const radius = Math.max(0, Math.min(width, height) - 10) / 2;
  const outer = radius * 0.95;
  const inner = radius * 0.45;
  let angle = 0;
  const arcs = slices.flatMap((slice) => {
    const sweep = total > 0 ? (slice.amount / total) * 360 : 0;
    const from = angle;
    angle += sweep;
    return sweep > 0 ? [{ slice, d: slicePath(cx, cy, inner, outer, from, angle) }] : [];
  });
  const follow = (slice: PieSlice) => (event: PointerEvent<SVGPathElement>) => {
    const rect = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
    if (!rect) return;
    setHovered({ slice, x: event.clientX - rect.left, y: event.clientY - rect.top });
  };

  return (
    <div ref={box} className="relative h-full w-full" onPointerLeave={() => setHovered(null)}>
      {width > 0 ? (
        <svg width={width} height={height} className="block">
          {arcs.map(({ slice, d }) => (
            <path
              key={slice.name}
              d={d}
              fill={slice.color}
              fillRule="evenodd"
              stroke="#fff"
              strokeWidth={2}
              data-chart-slice=""
              onPointerEnter={follow(slice)}
              onPointerMove={follow(slice)}
            />
          ))}
        </svg>
      ) : null}
      {hovered ? (
        <div
          className="pointer-events-none absolute z-10 whitespace-nowrap border border-[#ccc] bg-white p-2.5 text-sm"
          style={{
            ...(hovered.x > width / 2
              ? { right: width - hovered.x + 10 }
              : { left: hovered.x + 10 }),
            top: hovered.y + 10,
          }}
        >
          <p style={{ color: hovered.slice.color }}>
            {hovered.slice.name} : {formatMoney(hovered.slice.amount)}
          </p>
        </div>
      ) : null}
    </div>
  );
}
