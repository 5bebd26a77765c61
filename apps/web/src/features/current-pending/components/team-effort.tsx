// Each team member's role and person-months per year, for Current and
// Pending Support (decision 062), under the application's team: the PI
// edits anyone's row, a member their own; the institution's admin reads.
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Pencil } from 'lucide-react';
import { supportRoleLabels, supportRoles, type EffortRow, type SupportRole } from '@grantbridge/contract/current-pending';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { LoadFailed } from '../../../components/ui/load-failed';
import { isApiError } from '../../../lib/api-client';
import { updateEffort } from '../api/current-pending-api';
import { scrollToHash, useApplicationSupport, useSupportSaved } from '../hooks/use-support';

export const effortAnchor = 'effort';

const monthsText = (row: EffortRow) =>
  row.personMonths.length
    ? row.personMonths.map((y) => `${y.year}: ${y.personMonths === null ? 'not entered' : y.personMonths.toFixed(2)}`).join(' · ')
    : 'Person-months not entered';

export function TeamEffort({ applicationId }: { applicationId: string }) {
  const support = useApplicationSupport(applicationId);
  const [editing, setEditing] = useState<EffortRow | null>(null);
  const { hash } = useLocation();
  const loaded = support.isSuccess;
  useEffect(() => {
    if (loaded) scrollToHash(hash, effortAnchor);
  }, [loaded, hash]);
  return (
    <div id={effortAnchor} className="mt-5 scroll-mt-24 border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold text-slate-900">Role and person-months</h3>
      <p className="mt-1 text-sm text-slate-700">For Current and Pending Support: calendar months in each year of the project.</p>
      {support.isPending ? <p className="mt-2 text-sm text-slate-700">Loading…</p> : null}
      {support.isError ? <LoadFailed className="mt-2" what="Role and person-months" onRetry={() => void support.refetch()} /> : null}
      {support.data ? (
        <ul className="mt-3 space-y-3">
          {support.data.effort.map((row) => (
            <li key={row.userId} className="text-sm">
              <span className="font-medium text-slate-900">{row.name}</span>
              <span className="block text-slate-700">{row.role ? supportRoleLabels[row.role] : 'Role not entered'}</span>
              <span className="block text-slate-700">{monthsText(row)}</span>
              {row.editable ? (
                <Button variant="ghost" size="sm" className="-ml-2" onClick={() => setEditing(row)} aria-label={`Edit role and person-months of ${row.name}`}>
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {editing && support.data ? (
        <EffortDialog applicationId={applicationId} row={editing} periodKnown={support.data.years.length > 0} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}

function EffortDialog({ applicationId, row, periodKnown, onClose }: { applicationId: string; row: EffortRow; periodKnown: boolean; onClose: () => void }) {
  const thisYear = new Date().getFullYear();
  const years = row.personMonths.length ? row.personMonths.map((y) => y.year) : [thisYear, thisYear + 1, thisYear + 2];
  const [role, setRole] = useState<SupportRole | ''>(row.role ?? '');
  const [months, setMonths] = useState<Record<number, string>>(
    Object.fromEntries(row.personMonths.map((y) => [y.year, y.personMonths === null ? '' : String(y.personMonths)])),
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string>();
  const saved = useSupportSaved(applicationId);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof updateEffort>[2]) => updateEffort(applicationId, row.userId, body),
    onSuccess: (data) => {
      saved(data);
      toast.success('Role and person-months saved');
      onClose();
    },
    onError: (e) => setFormError(isApiError(e) ? e.message : 'They could not be saved. Please try again.'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<number, string> = {};
    const personMonths: { year: number; personMonths: number }[] = [];
    for (const year of years) {
      const text = (months[year] ?? '').trim();
      if (!text) continue;
      const value = Number(text);
      if (!Number.isFinite(value) || value < 0 || value > 12) found[year] = 'Enter 0 to 12 person-months';
      else if (Math.round(value * 100) !== value * 100) found[year] = 'Use at most two decimals';
      else personMonths.push({ year, personMonths: value });
    }
    setErrors(found);
    const first = years.find((y) => found[y]);
    if (first !== undefined) return document.getElementById(`effort-${first}`)?.focus();
    setFormError(undefined);
    save.mutate({ role: role || null, personMonths });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Role and person-months: ${row.name}`}
      description="Calendar months in each year (0 to 12). Leave a year empty if it is not known yet; it is listed as missing, never guessed."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field id="effort-role" label="Role">
          {(aria) => (
            <Select value={role} onChange={(e) => setRole(e.target.value as SupportRole | '')} {...aria}>
              <option value="">Not entered</option>
              {supportRoles.map((r) => (
                <option key={r} value={r}>
                  {supportRoleLabels[r]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {periodKnown ? null : <p className="text-sm text-slate-700">Enter the project period under Award details to list its years.</p>}
        <div className="grid gap-3 sm:grid-cols-2">
          {years.map((year) => (
            <Field key={year} id={`effort-${year}`} label={`Person-months in ${year}`} error={errors[year]}>
              {(aria) => (
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={12}
                  step={0.01}
                  value={months[year] ?? ''}
                  onChange={(e) => setMonths({ ...months, [year]: e.target.value })}
                  {...aria}
                />
              )}
            </Field>
          ))}
        </div>
        {formError ? (
          <p role="alert" className="text-sm text-red-800">
            {formError}
          </p>
        ) : null}
        <DialogActions>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
