// The Active Grants Timeline's rows (components/timeline-chart.tsx): one per
// application, a point per date it has, and which rows a long list shows first.
import type { AdminOverview } from '@grantbridge/contract/admin';

export type Item = AdminOverview['timeline'][number];
export type Lane = {
  key: 'startedOn' | 'submittedOn' | 'awardedOn' | 'internalDeadline' | 'sponsorDeadline';
  label: string;
  color: string;
  shape: 'circle' | 'square' | 'star' | 'triangle' | 'diamond';
};
export type Point = {
  t: number;
  lane: Lane;
  title: string;
  who: string;
  day: string;
};
/** One application's row: its dates, earliest first. */
export type Row = { key: string; title: string; who: string; points: Point[] };

export const lanes: Lane[] = [
  { key: 'startedOn', label: 'Started', color: '#475569', shape: 'circle' },
  { key: 'submittedOn', label: 'Submitted', color: '#1e40af', shape: 'square' },
  { key: 'awardedOn', label: 'Awarded', color: '#047857', shape: 'star' },
  { key: 'internalDeadline', label: 'Internal deadline', color: '#b45309', shape: 'triangle' },
  { key: 'sponsorDeadline', label: 'Sponsor deadline', color: '#be123c', shape: 'diamond' },
];

/** Rows drawn before "Show all": a phone screen or two. */
export const rowsAtFirst = 10;

export const dayMs = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`);

/** First days of months across the axis, every 1, 2, 3, 6 or 12 months so that about five fit. */
export function monthTicks(min: number, max: number, most = 5): number[] {
  const start = new Date(min);
  const first = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
  const end = new Date(max);
  const months =
    (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth();
  const step = [1, 2, 3, 6, 12].find((s) => months / s <= most) ?? Math.ceil(months / most);
  const ticks: number[] = [];
  for (
    let t = first, i = 0;
    t <= max;
    i += step, t = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1 + i, 1)
  )
    ticks.push(t);
  return ticks;
}

/** An application's row: a point per date it has. */
function rowOf(item: Item): Row {
  const points = lanes.flatMap((lane) => {
    const day = item[lane.key];
    return day
      ? [{ t: dayMs(day), lane, title: item.grantTitle, who: item.researcher.name, day }]
      : [];
  });
  points.sort((a, b) => a.t - b.t);
  return { key: item.applicationId, title: item.grantTitle, who: item.researcher.name, points };
}

/**
 * The rows to draw: all of them, or the `most` whose nearest date is closest
 * to today; either way in the order their first dates come.
 */
export function timelineRows(items: Item[], todayMs: number, most = Infinity): Row[] {
  const rows = items.map(rowOf).filter((row) => row.points.length > 0);
  const nearness = (row: Row) => Math.min(...row.points.map((p) => Math.abs(p.t - todayMs)));
  const shown =
    rows.length > most ? [...rows].sort((a, b) => nearness(a) - nearness(b)).slice(0, most) : rows;
  return [...shown].sort((a, b) => a.points[0]!.t - b.points[0]!.t || a.title.localeCompare(b.title));
}
