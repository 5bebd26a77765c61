// Funding Overview: the period's awarded funding as a pie, by agency or by
// department, with the same figures in a table beside it and a sentence
// that says what the pie shows. The pie's drawing is funding-pie.tsx (plain
// SVG, decision 051).
import { useState } from 'react';
import type { AdminOverview } from '@grantbridge/contract/admin';
import { formatInteger, formatMoney } from '../../../lib/format';
import { chartColors, otherColor } from '../utils/chart-colors';
import { FundingPie } from './funding-pie';
import { EmptyNote, Panel } from './panel';

type Slice = AdminOverview['fundingByAgency'][number];
export type PieSlice = Slice & { color: string };
type Split = 'agency' | 'department';

const maxSlices = chartColors.length;

/** The largest slices, and the rest as one "All others" slice so the pie stays readable. */
function pieSlices(slices: Slice[]): PieSlice[] {
  const shown = slices
    .slice(0, maxSlices)
    .map((slice, i) => ({ ...slice, color: chartColors[i]! }));
  const rest = slices.slice(maxSlices);
  if (rest.length === 0) return shown;
  return [
    ...shown,
    {
      name: `All others (${rest.length})`,
      amount: rest.reduce((sum, s) => sum + s.amount, 0),
      awards: rest.reduce((sum, s) => sum + s.awards, 0),
      color: otherColor,
    },
  ];
}

function share(amount: number, total: number): string {
  return total > 0 ? `${Math.round((amount / total) * 1000) / 10}%` : '0%';
}

export function FundingChart({ overview }: { overview: AdminOverview }) {
  const [split, setSplit] = useState<Split>('agency');
  const slices = split === 'agency' ? overview.fundingByAgency : overview.fundingByDepartment;
  const total = slices.reduce((sum, s) => sum + s.amount, 0);
  const awards = slices.reduce((sum, s) => sum + s.awards, 0);
  const pie = pieSlices(slices);
  const colorOf = (index: number) => (index < maxSlices ? chartColors[index]! : otherColor);
  const largest = slices[0];
  const noun = split === 'agency' ? 'agency' : 'department';
  const summary =
    total > 0 && largest
      ? `${formatMoney(total)} awarded in ${formatInteger(awards)} award${awards === 1 ? '' : 's'} across ${slices.length} ${noun === 'agency' ? (slices.length === 1 ? 'agency' : 'agencies') : slices.length === 1 ? 'department' : 'departments'}; the largest share is ${largest.name} with ${formatMoney(largest.amount)} (${share(largest.amount, total)}).`
      : null;

  return (
    <Panel
      title="Funding Overview"
      actions={
        <div
          role="group"
          aria-label="Split funding by"
          className="inline-flex rounded-lg border border-slate-300 p-0.5"
        >
          {(['agency', 'department'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={split === value}
              onClick={() => setSplit(value)}
              className={
                split === value
                  ? 'rounded-md bg-brand-800 px-3 py-1.5 text-sm font-semibold text-white'
                  : 'rounded-md px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100'
              }
            >
              By {value}
            </button>
          ))}
        </div>
      }
      description={`Awarded funding of the period, by ${noun}.`}
    >
      {total === 0 ? (
        <EmptyNote>
          No awards in this period{overview.department ? ` in ${overview.department}` : ''} yet.
        </EmptyNote>
      ) : (
        <>
          <p className="text-sm text-slate-800" data-testid="funding-summary">
            {summary}
          </p>
          <div className="mt-3 grid items-center gap-4 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
            {/* The pie is a picture of the table beside it; assistive technology reads the table. */}
            <div aria-hidden="true" className="mx-auto h-56 w-full max-w-64">
              <FundingPie slices={pie} />
            </div>
            <div
              className="min-w-0 overflow-x-auto"
              tabIndex={0}
              role="region"
              aria-label={`Funding by ${noun} table`}
            >
              <table className="w-full text-left text-xs sm:text-sm">
                <caption className="sr-only">Awarded funding by {noun}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-700">
                    <th scope="col" className="py-2 pr-1.5 sm:pr-2 font-medium">
                      {split === 'agency' ? 'Agency' : 'Department'}
                    </th>
                    <th scope="col" className="px-1.5 py-2 sm:px-2 text-right font-medium">
                      Awards
                    </th>
                    <th scope="col" className="px-1.5 py-2 sm:px-2 text-right font-medium">
                      Amount
                    </th>
                    <th scope="col" className="py-2 pl-1.5 sm:pl-2 text-right font-medium">
                      Share
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {slices.map((slice, i) => (
                    <tr key={slice.name} className="border-b border-slate-100">
                      <th scope="row" className="py-2 pr-1.5 sm:pr-2 font-normal text-slate-900">
                        <span className="flex items-start gap-2">
                          <span
                            aria-hidden="true"
                            className="mt-1 size-3 shrink-0 rounded-sm"
                            style={{ backgroundColor: colorOf(i) }}
                          />
                          <span className="min-w-0 break-words">{slice.name}</span>
                        </span>
                      </th>
                      <td className="px-1.5 py-2 sm:px-2 text-right tabular-nums">
                        {formatInteger(slice.awards)}
                      </td>
                      <td className="px-1.5 py-2 sm:px-2 text-right tabular-nums">
                        {formatMoney(slice.amount)}
                      </td>
                      <td className="py-2 pl-1.5 sm:pl-2 text-right tabular-nums">
                        {share(slice.amount, total)}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="font-semibold text-slate-900">
                    <th scope="row" className="py-2 pr-1.5 sm:pr-2">
                      Total
                    </th>
                    <td className="px-1.5 py-2 sm:px-2 text-right tabular-nums">
                      {formatInteger(awards)}
                    </td>
                    <td className="px-1.5 py-2 sm:px-2 text-right tabular-nums">
                      {formatMoney(total)}
                    </td>
                    <td className="py-2 pl-1.5 sm:pl-2 text-right tabular-nums">100%</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </div>
        </>
      )}
    </Panel>
  );
}
