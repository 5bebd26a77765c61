// Active Grants Timeline: each application in progress and each of the
// period's awards as a row, with when it was started, submitted and awarded
// and when its internal and sponsor deadlines fall, on one time axis; a table
// shows the same items. The chart's drawing is timeline-plot.tsx (plain SVG,
// decision 051). A long list shows the applications whose dates are nearest
// today first, and the rest on request.
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminOverview } from '@grantbridge/contract/admin';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { formatDate, formatInteger, formatMoney } from '../../../lib/format';
import { Panel } from './panel';
import { TimelinePlot } from './timeline-plot';
import {
  dayMs,
  lanes,
  monthTicks,
  rowsAtFirst,
  timelineRows,
  type Item,
  type Lane,
} from '../utils/timeline-rows';

export function timelineSummary(items: Item[], today: string): string {
  if (items.length === 0) return 'Nothing in progress or awarded in this period.';
  const awarded = items.filter((i) => i.awardedOn).length;
  const deadlines = items
    .flatMap((i) =>
      [i.internalDeadline, i.sponsorDeadline]
        .filter((d): d is string => !!d && d >= today)
        .map((day) => ({ day, title: i.grantTitle })),
    )
    .sort((a, b) => a.day.localeCompare(b.day));
  const next = deadlines[0];
  return (
    `${formatInteger(items.length)} application${items.length === 1 ? '' : 's'} on the timeline: ` +
    `${formatInteger(items.length - awarded)} in progress and ${formatInteger(awarded)} awarded. ` +
    (next ? `The next deadline is ${formatDate(next.day)} (${next.title}).` : 'No deadline ahead.')
  );
}

export function TimelineChart({
  overview,
  today,
  renderStatus,
}: {
  overview: AdminOverview;
  today: string;
  renderStatus: (status: string) => ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const [allRows, setAllRows] = useState(false);
  const tableId = useId();
  const items = overview.timeline;
  const todayMs = dayMs(today);
  const rows = timelineRows(items, todayMs, allRows ? Infinity : rowsAtFirst);
  const drawable = items.filter((item) => lanes.some((lane) => item[lane.key])).length;
  const all = rows.flatMap((row) => row.points.map((p) => p.t));
  const min = Math.min(...all, todayMs);
  const max = Math.max(...all, todayMs);
  const pad = Math.max((max - min) * 0.03, 86_400_000 * 3);
  return (
    <Panel
      title="Active Grants Timeline"
      actions={
        items.length > 0 ? (
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={asTable}
            aria-controls={tableId}
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        ) : null
      }
      description="Each application in progress and each of the period’s awards: when it was started, submitted and awarded, and its deadlines."
    >
      <p className="text-sm text-slate-800">{timelineSummary(items, today)}</p>
      {items.length === 0 ? null : asTable ? (
        <div
          id={tableId}
          className="mt-3 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label="Timeline as a table"
        >
          <table className="w-full min-w-[66rem] text-left text-sm">
            <caption className="sr-only">Applications on the timeline with their dates</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                {[
                  'Grant',
                  'Researcher',
                  'Status',
                  'Started',
                  'Submitted',
                  'Awarded',
                  'Internal deadline',
                  'Sponsor deadline',
                  'Amount',
                ].map((h) => (
                  <th key={h} scope="col" className="px-2 py-2 font-medium first:pl-0">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.applicationId} className="border-b border-slate-100 align-top">
                  <th scope="row" className="min-w-56 py-2 pr-2 font-normal">
                    <Link
                      to={paths.admin.application(item.applicationId)}
                      className="font-medium text-brand-900 hover:underline"
                    >
                      {item.grantTitle}
                    </Link>
                  </th>
                  <td className="min-w-36 px-2 py-2">
                    <Link
                      to={paths.admin.researcher(item.researcher.id)}
                      className="text-brand-900 hover:underline"
                    >
                      {item.researcher.name}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap px-2 py-2">{renderStatus(item.status)}</td>
                  {(
                    [
                      'startedOn',
                      'submittedOn',
                      'awardedOn',
                      'internalDeadline',
                      'sponsorDeadline',
                    ] as const
                  ).map((key) => (
                    <td key={key} className="whitespace-nowrap px-2 py-2">
                      {formatDate(item[key]) ?? '—'}
                    </td>
                  ))}
                  <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums">
                    {formatMoney(item.amount) ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div id={tableId} className="mt-3">
          <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-800">
            {lanes.map((lane) => (
              <li key={lane.key} className="flex items-center gap-1.5">
                <svg viewBox="0 0 10 10" className="size-3">
                  <LegendMark shape={lane.shape} color={lane.color} />
                </svg>
                {lane.label}
              </li>
            ))}
          </ul>
          {/* The chart repeats the table's dates as a picture; the summary above and the table say it in words. */}
          <div aria-hidden="true" className="mt-2 w-full">
            <TimelinePlot
              rows={rows}
              domain={[min - pad, max + pad]}
              ticks={monthTicks(min - pad, max + pad)}
              todayMs={todayMs}
            />
          </div>
          {drawable > rowsAtFirst ? (
            <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-800">
              <p>
                {allRows
                  ? `All ${formatInteger(drawable)} applications.`
                  : `The ${formatInteger(rows.length)} applications with dates nearest today, of ${formatInteger(drawable)}.`}
              </p>
              <Button size="sm" variant="secondary" onClick={() => setAllRows((v) => !v)}>
                {allRows ? `Show the ${formatInteger(rowsAtFirst)} nearest today` : `Show all ${formatInteger(drawable)}`}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </Panel>
  );
}

function LegendMark({ shape, color }: { shape: Lane['shape']; color: string }) {
  switch (shape) {
    case 'circle':
      return <circle cx="5" cy="5" r="4" fill={color} />;
    case 'square':
      return <rect x="1" y="1" width="8" height="8" fill={color} />;
    case 'triangle':
      return <polygon points="5,1 9,9 1,9" fill={color} />;
    case 'diamond':
      return <polygon points="5,0 10,5 5,10 0,5" fill={color} />;
    case 'star':
      return (
        <polygon points="5,0 6.5,3.5 10,4 7.5,6.5 8,10 5,8 2,10 2.5,6.5 0,4 3.5,3.5" fill={color} />
      );
  }
}
