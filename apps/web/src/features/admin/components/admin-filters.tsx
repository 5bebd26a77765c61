// The period picker (this fiscal year, the last 12 months or custom dates) and
// the department filter shared by the dashboard and the grant status page.
import { useState, type FormEvent } from 'react';
import { fiscalYearOf } from '@grantbridge/contract/admin';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { formatDate } from '../../../lib/format';
import { useAdminFilters } from '../hooks/use-admin-filters';
import type { PeriodKind } from '../utils/period';

type AdminFiltersBarProps = {
  /** The institution's departments, once an answer has named them. */
  departments: string[] | undefined;
  /** What the figures below are, for the heading of the bar ("Figures for …"). */
  label: string;
};

export function AdminFiltersBar({ departments, label }: AdminFiltersBarProps) {
  const { filters, today, setPeriod, setDepartment } = useAdminFilters();
  const fiscal = fiscalYearOf(today);
  const options = departments ?? [];
  // A department from the address that the list does not have is still shown, so the select tells the truth.
  const departmentOptions =
    filters.department && !options.includes(filters.department)
      ? [filters.department, ...options]
      : options;
  return (
    <section
      aria-labelledby="filters-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="filters-title" className="text-base font-semibold text-slate-900">
        {label}
      </h2>
      <p className="mt-0.5 text-sm text-slate-700">
        {formatDate(filters.from)} to {formatDate(filters.to)}
        {filters.department ? ` · ${filters.department}` : ' · all departments'}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Field id="period-kind" label="Period" className="w-full sm:w-72">
          {(aria) => (
            <Select
              value={filters.kind}
              onChange={(e) => setPeriod(e.target.value as PeriodKind)}
              {...aria}
            >
              <option value="fiscal">This fiscal year ({fiscal.label})</option>
              <option value="last12">Last 12 months</option>
              <option value="custom">Custom dates</option>
            </Select>
          )}
        </Field>
        <Field id="department-filter" label="Department" className="w-full sm:w-64">
          {(aria) => (
            <Select
              value={filters.department ?? ''}
              onChange={(e) => setDepartment(e.target.value || undefined)}
              {...aria}
            >
              <option value="">All departments</option>
              {departmentOptions.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {filters.kind === 'custom' ? (
        <CustomPeriod
          key={`${filters.from}:${filters.to}`}
          from={filters.from}
          to={filters.to}
          onApply={(range) => setPeriod('custom', range)}
        />
      ) : null}
    </section>
  );
}

function CustomPeriod({
  from,
  to,
  onApply,
}: {
  from: string;
  to: string;
  onApply: (range: { from: string; to: string }) => void;
}) {
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!start || !end) return setError('Give both dates');
    if (start > end) return setError('The period ends before it starts');
    setError(undefined);
    onApply({ from: start, to: end });
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-3 flex flex-wrap items-end gap-3"
      aria-label="Custom period"
    >
      <Field id="period-from" label="From" className="w-full sm:w-44">
        {(aria) => (
          <Input type="date" value={start} onChange={(e) => setStart(e.target.value)} {...aria} />
        )}
      </Field>
      <Field id="period-to" label="To" error={error} className="w-full sm:w-44">
        {(aria) => (
          <Input type="date" value={end} onChange={(e) => setEnd(e.target.value)} {...aria} />
        )}
      </Field>
      <Button type="submit" variant="secondary" className="h-11">
        Apply dates
      </Button>
    </form>
  );
}
