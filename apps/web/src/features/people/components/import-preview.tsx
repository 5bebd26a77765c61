// What a CSV import will do, person by person, before anyone is invited: who
// gets an invitation, who is skipped (already a member or invited) and which
// rows cannot be imported and why. From the server's dry run.
import type { ReactNode } from 'react';
import type { ImportResult, ImportRow } from '@grantbridge/contract/people';

/** At most this many rows per table are drawn; the rest are counted. */
const shownRows = 200;

export function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

const skipReason: Record<string, string> = {
  member: 'Has an account',
  invited: 'Already invited',
};

/** A titled, scrollable part of the preview; keyboard users can scroll it too. */
function Part({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <div>
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title} ({count})
      </h3>
      <div
        role="region"
        aria-labelledby={id}
        tabIndex={0}
        className="mt-2 max-h-64 overflow-auto rounded-lg border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {children}
      </div>
      {count > shownRows ? (
        <p className="mt-1 text-sm text-slate-700">
          Showing the first {shownRows} of {count}.
        </p>
      ) : null}
    </div>
  );
}

function PeopleTable({ rows, last }: { rows: ImportRow[]; last: { label: string; value: (row: ImportRow) => string } }) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="sticky top-0 bg-slate-50 text-slate-700">
        <tr>
          <th scope="col" className="px-3 py-2 font-medium">
            Name<span className="sm:hidden"> and e-mail</span>
          </th>
          <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
            E-mail
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            {last.label}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 text-slate-800">
        {rows.slice(0, shownRows).map((row) => (
          <tr key={row.line}>
            <td className="px-3 py-2">
              <span className="font-medium text-slate-900">{row.name}</span>
              {/* On a phone the address goes under the name, not in a column of its own. */}
              <span className="block text-slate-700 [overflow-wrap:anywhere] sm:hidden">{row.email}</span>
            </td>
            <td className="hidden px-3 py-2 [overflow-wrap:break-word] sm:table-cell">{row.email}</td>
            <td className="px-3 py-2">{last.value(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ImportPreview({ fileName, result }: { fileName: string; result: ImportResult }) {
  const invite = result.rows.filter((r) => r.outcome === 'invite');
  const skipped = result.rows.filter((r) => r.outcome === 'member' || r.outcome === 'invited');
  const problems = result.rows.filter((r) => r.outcome === 'problem');
  return (
    <div className="space-y-5">
      <div role="status" className="rounded-lg bg-slate-50 p-4 text-sm text-slate-800">
        <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{fileName}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{plural(result.invited, 'person', 'people')} will be invited by e-mail</li>
          <li>{plural(result.skipped, 'row')} skipped: already have an account or a pending invitation</li>
          <li>{plural(result.errors.length, 'row')} with a problem (not imported)</li>
        </ul>
      </div>
      {invite.length ? (
        <Part id="import-invite" title="To be invited" count={invite.length}>
          <PeopleTable rows={invite} last={{ label: 'Department', value: (r) => r.department ?? '—' }} />
        </Part>
      ) : null}
      {skipped.length ? (
        <Part id="import-skipped" title="Skipped" count={skipped.length}>
          <PeopleTable rows={skipped} last={{ label: 'Why', value: (r) => skipReason[r.outcome] ?? '' }} />
        </Part>
      ) : null}
      {problems.length ? (
        <Part id="import-problems" title="Rows with a problem" count={problems.length}>
          <ul className="divide-y divide-slate-100 text-sm text-slate-800">
            {problems.slice(0, shownRows).map((row) => (
              <li key={row.line} className="px-3 py-2 [overflow-wrap:anywhere]">
                <span className="font-medium">Line {row.line}:</span> {row.name ? `${row.name} — ` : ''}
                {row.reason}
              </li>
            ))}
          </ul>
        </Part>
      ) : null}
    </div>
  );
}
