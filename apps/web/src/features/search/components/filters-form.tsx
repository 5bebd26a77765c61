// The Filters menu's form (filters-popover.tsx loads it when someone reaches
// for the Filters button, decision 051): amount range typed as text ("$1.5M",
// "500k"), due-date range, agency with suggestions, the statuses searched,
// who can apply, funding instrument and category.
import { useState, type FormEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import { parseAmount } from '@grantbridge/contract/amounts';
import { fundingCategoryLabels, fundingInstrumentLabels } from '@grantbridge/contract/code-tables';
import {
  defaultSearchStatuses,
  searchEligibilityGroups,
  type GrantStatus,
} from '@grantbridge/contract/grants';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { formatMoney } from '../../../lib/format';
import { noFilters, readStatuses, type SearchEligibility } from '../utils/search-state';
import { AgencyCombobox } from './agency-combobox';
import {
  categoryName,
  categoryOrder,
  eligibilityNames,
  instrumentOrder,
  statusNames,
  statusOrder,
  type FiltersPopoverProps,
} from './filters-popover';

const amountHint = 'Type amounts such as $1.5M or 500k.';

export function FiltersForm({ state, onApply }: FiltersPopoverProps) {
  const [amountMin, setAmountMin] = useState(formatMoney(state.amountMin, 'compact') ?? '');
  const [amountMax, setAmountMax] = useState(formatMoney(state.amountMax, 'compact') ?? '');
  const [dueFrom, setDueFrom] = useState(state.dueFrom ?? '');
  const [dueTo, setDueTo] = useState(state.dueTo ?? '');
  const [noDeadline, setNoDeadline] = useState(state.noDeadline);
  const [noCostShare, setNoCostShare] = useState(state.noCostShare);
  const [agency, setAgency] = useState(state.agency ?? '');
  const [statuses, setStatuses] = useState<GrantStatus[]>(
    state.statuses ?? [...defaultSearchStatuses],
  );
  const [eligibility, setEligibility] = useState<SearchEligibility[]>(state.eligibility);
  const [instruments, setInstruments] = useState<string[]>(state.instruments);
  const [categories, setCategories] = useState<string[]>(state.categories);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    const min = amountMin.trim() ? parseAmount(amountMin) : null;
    const max = amountMax.trim() ? parseAmount(amountMax) : null;
    if (amountMin.trim() && min === null) next.amountMin = 'Enter an amount such as $1.5M or 500k';
    if (amountMax.trim() && max === null) next.amountMax = 'Enter an amount such as $1.5M or 500k';
    if (min !== null && min > 1e12) next.amountMin = 'That amount is too large';
    if (max !== null && max > 1e12) next.amountMax = 'That amount is too large';
    if (min !== null && max !== null && min > max && !next.amountMin) {
      next.amountMin = 'The minimum is above the maximum';
    }
    if (dueFrom && dueTo && dueFrom > dueTo) next.dueFrom = 'The start date is after the end date';
    if (statuses.length === 0) next.statuses = 'Choose at least one status';
    setErrors(next);
    if (Object.keys(next).length) return;
    onApply({
      amountMin: min,
      amountMax: max,
      dueFrom: noDeadline ? null : dueFrom || null,
      dueTo: noDeadline ? null : dueTo || null,
      noDeadline,
      noCostShare,
      agency: agency.trim().slice(0, 100) || null,
      statuses: readStatuses(statuses.join(',')),
      eligibility: searchEligibilityGroups.filter((g) => eligibility.includes(g)),
      instruments: instrumentOrder.filter((c) => instruments.includes(c)),
      categories: Object.keys(fundingCategoryLabels).filter((c) => categories.includes(c)),
    });
  };
  const toggle = (status: GrantStatus, on: boolean) =>
    setStatuses((list) => (on ? [...list, status] : list.filter((s) => s !== status)));

  return (
    <form onSubmit={submit} noValidate>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Funding Amount</legend>
        <p id="filter-amount-hint" className="mt-0.5 text-xs text-slate-700">
          {amountHint}
        </p>
        <div className="mt-2 grid grid-cols-2 gap-3">
          <Field id="filter-amount-min" label="Minimum" error={errors.amountMin}>
            {(control) => (
              <Input
                {...control}
                value={amountMin}
                onChange={(e) => setAmountMin(e.target.value)}
                placeholder="$100k"
                inputMode="decimal"
                className="h-10"
              />
            )}
          </Field>
          <Field id="filter-amount-max" label="Maximum" error={errors.amountMax}>
            {(control) => (
              <Input
                {...control}
                value={amountMax}
                onChange={(e) => setAmountMax(e.target.value)}
                placeholder="$2M"
                inputMode="decimal"
                className="h-10"
              />
            )}
          </Field>
        </div>
        <CheckboxRow name="noCostShare" checked={noCostShare} onChange={setNoCostShare} className="mt-2">
          No cost sharing or match required
        </CheckboxRow>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-slate-900">Due Date Range</legend>
        <div className="mt-2 grid grid-cols-2 gap-3">
          <Field id="filter-due-from" label="Start date" error={errors.dueFrom}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={noDeadline ? '' : dueFrom}
                disabled={noDeadline}
                onChange={(e) => setDueFrom(e.target.value)}
                className="h-10 text-sm"
              />
            )}
          </Field>
          <Field id="filter-due-to" label="End date">
            {(control) => (
              <Input
                {...control}
                type="date"
                value={noDeadline ? '' : dueTo}
                disabled={noDeadline}
                onChange={(e) => setDueTo(e.target.value)}
                className="h-10 text-sm"
              />
            )}
          </Field>
        </div>
        <CheckboxRow name="noDeadline" checked={noDeadline} onChange={setNoDeadline} className="mt-2">
          No fixed deadline (rolling, or open until funds run out)
        </CheckboxRow>
      </fieldset>
      <Field
        id="filter-agency"
        label="Agency"
        className="mt-4"
        hint="A name or an acronym such as NSF; several with commas: NIH, NSF"
      >
        {(control) => <AgencyCombobox {...control} value={agency} onChange={setAgency} />}
      </Field>
      <fieldset
        className="mt-4"
        aria-describedby={errors.statuses ? 'filter-status-error' : undefined}
      >
        <legend className="text-sm font-semibold text-slate-900">Status</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {statusOrder.map((status) => (
            <CheckboxRow key={status} name="status" value={status} checked={statuses.includes(status)} onChange={(on) => toggle(status, on)}>
              {statusNames[status]}
            </CheckboxRow>
          ))}
        </div>
        {errors.statuses ? (
          <p
            id="filter-status-error"
            role="alert"
            className="mt-1 text-xs font-medium text-red-700"
          >
            {errors.statuses}
          </p>
        ) : null}
      </fieldset>
      <CheckboxGroup
        legend="Who can apply"
        name="eligibility"
        options={searchEligibilityGroups.map((g) => ({ value: g, label: eligibilityNames[g] }))}
        chosen={eligibility}
        onChange={(next) => setEligibility(next as SearchEligibility[])}
      />
      <CheckboxGroup
        legend="Funding instrument"
        name="instrument"
        options={instrumentOrder.map((c) => ({ value: c, label: fundingInstrumentLabels[c] ?? c }))}
        chosen={instruments}
        onChange={setInstruments}
      />
      <CheckboxGroup
        legend="Category"
        name="category"
        options={categoryOrder.map((c) => ({ value: c, label: categoryName(c) }))}
        chosen={categories}
        onChange={setCategories}
        scroll
      />
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={() => onApply(noFilters)}>
          Clear
        </Button>
        <Button type="submit" size="sm">
          Apply
        </Button>
      </div>
    </form>
  );
}

type CheckboxGroupProps = {
  legend: string;
  name: string;
  options: { value: string; label: string }[];
  chosen: string[];
  onChange: (next: string[]) => void;
  /** A long list scrolls in its own box. */
  scroll?: boolean;
};

/** Any of these: none chosen is no filter. */
function CheckboxGroup({ legend, name, options, chosen, onChange, scroll }: CheckboxGroupProps) {
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div
        className={clsx(
          'mt-2 grid grid-cols-2 gap-2',
          scroll && 'max-h-40 overflow-y-auto rounded-md border border-slate-200 p-2',
        )}
        tabIndex={scroll ? 0 : undefined}
        role={scroll ? 'group' : undefined}
        aria-label={scroll ? `${legend} choices` : undefined}
      >
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-6 items-start gap-2 text-sm text-slate-800"
          >
            <input
              type="checkbox"
              name={name}
              value={option.value}
              checked={chosen.includes(option.value)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? [...chosen, option.value]
                    : chosen.filter((v) => v !== option.value),
                )
              }
              className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** One checkbox and its label on a line, as the menu's yes-or-no filters and statuses are set. */
function CheckboxRow({
  name,
  value,
  checked,
  onChange,
  className,
  children,
}: {
  name: string;
  value?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={clsx('flex min-h-6 items-center gap-2 text-sm text-slate-800', className)}>
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 rounded border-slate-400 accent-brand-700"
      />
      {children}
    </label>
  );
}
