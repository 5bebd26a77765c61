// Professor Activity: per researcher, the last sign-in and what they saved,
// started, submitted and won in the period, most active first.
import { useId } from 'react';
import { Link } from 'react-router';
import { MoveHorizontal } from 'lucide-react';
import type { AdminOverview } from '@grantbridge/contract/admin';
import { paths } from '../../../config/paths';
import { formatDate, formatInteger } from '../../../lib/format';
import { useOverflows } from '../hooks/use-overflows';
import { EmptyNote, Panel } from './panel';

const numbers = ['saved', 'started', 'submitted', 'awarded'] as const;
const headings: Record<(typeof numbers)[number], string> = {
  saved: 'Saved',
  started: 'Started',
  submitted: 'Submitted',
  awarded: 'Awarded',
};

export function ProfessorActivity({ overview }: { overview: AdminOverview }) {
  const rows = overview.professorActivity;
  return (
    <Panel
      title="Professor Activity"
      description={
        rows.length < overview.professorActivityTotal ? (
          <>
            The {formatInteger(rows.length)} most active of{' '}
            {formatInteger(overview.professorActivityTotal)} researchers; everyone is in{' '}
            <Link to={paths.admin.manage} className="font-medium text-brand-900 underline">
              Manage Researchers
            </Link>
            .
          </>
        ) : (
          'Grants saved, applications started, submitted and awarded in the period.'
        )
      }
    >
      {rows.length === 0 ? (
        <EmptyNote>
          No researchers{overview.department ? ` in ${overview.department}` : ''} yet.
        </EmptyNote>
      ) : (
        <ActivityTable rows={rows} />
      )}
    </Panel>
  );
}

/**
 * The table scrolls sideways where it is wider than the panel (a phone): a line
 * says so, and the scrolling box takes the keyboard's focus so arrows scroll it.
 */
function ActivityTable({ rows }: { rows: AdminOverview['professorActivity'] }) {
  const [scroller, overflows] = useOverflows<HTMLDivElement>();
  const hintId = useId();
  return (
    <>
      {overflows ? (
        <p id={hintId} className="mb-2 flex items-center gap-1.5 text-xs text-slate-700">
          <MoveHorizontal className="size-4 shrink-0 text-brand-800" aria-hidden="true" />
          Scroll sideways for more columns
        </p>
      ) : null}
      <div
        ref={scroller}
        className="overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="Professor activity table"
        aria-describedby={overflows ? hintId : undefined}
      >
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Professor activity in the period</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="py-2 pr-2 font-medium">
                Researcher
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Last sign-in
              </th>
              {numbers.map((key) => (
                <th key={key} scope="col" className="px-2 py-2 text-right font-medium">
                  {headings[key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.researcher.id} className="border-b border-slate-100">
                <th scope="row" className="py-2 pr-2 font-normal">
                  <Link
                    to={paths.admin.researcher(row.researcher.id)}
                    className="font-medium text-brand-900 hover:underline"
                  >
                    {row.researcher.name}
                  </Link>
                  {row.researcher.department ? (
                    <span className="block text-xs text-slate-700">
                      {row.researcher.department}
                    </span>
                  ) : null}
                </th>
                <td className="whitespace-nowrap px-2 py-2 text-slate-800">
                  {formatDate(row.lastSignInAt) ?? 'Never'}
                </td>
                {numbers.map((key) => (
                  <td key={key} className="px-2 py-2 text-right tabular-nums">
                    {formatInteger(row[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
