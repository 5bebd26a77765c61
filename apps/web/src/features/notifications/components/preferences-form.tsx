// The notification settings form: for each kind, in the app or not and how
// often by e-mail; the digest hour, the time zone and the deadline reminder
// lead times. Checked with the contract's schema before it is sent, and the
// server's field errors land beside their fields; what was typed is kept
// when saving fails.
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  notificationKindLabels,
  notificationKinds,
  notificationPreferencesRequestSchema,
  reminderLeadTimeLabels,
  reminderLeadTimes,
  type EmailCadence,
  type NotificationKind,
  type NotificationPreferences,
  type ReminderLeadTime,
} from '@grantbridge/contract/notifications';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { useSaveNotificationPreferences } from '../hooks/use-notification-preferences';
import {
  availableTimeZones,
  errorsByField,
  hourLabel,
  matchTimeZones,
  type PreferenceErrors,
  type PreferenceField,
} from '../utils/preference-form';

const cadenceLabels: Record<EmailCadence, string> = {
  off: 'Off',
  instant: 'Instantly',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
};
const hours = Array.from({ length: 24 }, (_, hour) => hour);
const slug = (kind: NotificationKind) => kind.replace(/[._]/g, '-');

/** The control each field's error focuses, in the order of the form. */
function controlId(field: PreferenceField): string {
  if (field === 'digestHour') return 'notify-digest-hour';
  if (field === 'timeZone') return 'notify-time-zone';
  if (field === 'reminderLeadTimes') return `notify-lead-${reminderLeadTimes[0]}`;
  if (field === 'form') return 'notify-save';
  const [kind, leaf] = [
    field.slice(0, field.lastIndexOf('.')),
    field.slice(field.lastIndexOf('.') + 1),
  ];
  return `notify-${slug(kind as NotificationKind)}-${leaf === 'inApp' ? 'in-app' : 'email'}`;
}

const fieldOrder: PreferenceField[] = [
  ...notificationKinds.flatMap((k) => [`${k}.inApp`, `${k}.email`] as PreferenceField[]),
  'digestHour',
  'timeZone',
  'reminderLeadTimes',
  'form',
];

function focusFirstError(errors: PreferenceErrors) {
  const first = fieldOrder.find((field) => errors[field]);
  if (first) document.getElementById(controlId(first))?.focus();
}

function ErrorText({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

function KindRow({
  kind,
  value,
  errors,
  onChange,
}: {
  kind: NotificationKind;
  value: NotificationPreferences['kinds'][NotificationKind];
  errors: PreferenceErrors;
  onChange: (next: NotificationPreferences['kinds'][NotificationKind]) => void;
}) {
  const id = `notify-${slug(kind)}`;
  const { label, description } = notificationKindLabels[kind];
  const inAppError = errors[`${kind}.inApp`];
  const emailError = errors[`${kind}.email`];
  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-description`}
      className="py-4 sm:grid sm:grid-cols-[1fr_auto] sm:items-start sm:gap-6"
    >
      <div>
        <p id={`${id}-label`} className="text-sm font-semibold text-slate-900">
          {label}
        </p>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-slate-700">
          {description}
        </p>
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-x-5 gap-y-3 sm:mt-0">
        <div>
          <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
            <input
              id={`${id}-in-app`}
              type="checkbox"
              className="size-4 accent-brand-800"
              checked={value.inApp}
              aria-invalid={Boolean(inAppError)}
              aria-describedby={inAppError ? `${id}-in-app-error` : undefined}
              onChange={(event) => onChange({ ...value, inApp: event.target.checked })}
            />
            In the app
          </label>
          <ErrorText id={`${id}-in-app-error`} message={inAppError} />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="mb-1 block text-xs font-medium text-slate-700">
            E-mail
          </label>
          <Select
            id={`${id}-email`}
            className="h-10 w-40 text-sm"
            value={value.email}
            aria-invalid={Boolean(emailError)}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            onChange={(event) => onChange({ ...value, email: event.target.value as EmailCadence })}
          >
            {Object.entries(cadenceLabels).map(([cadence, text]) => (
              <option key={cadence} value={cadence}>
                {text}
              </option>
            ))}
          </Select>
          <ErrorText id={`${id}-email-error`} message={emailError} />
        </div>
      </div>
    </div>
  );
}

export function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<PreferenceErrors>({});
  const [zones] = useState(() => availableTimeZones(initial.timeZone));
  const [deviceZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const save = useSaveNotificationPreferences();

  const setKind = (
    kind: NotificationKind,
    next: NotificationPreferences['kinds'][NotificationKind],
  ) => setValues((current) => ({ ...current, kinds: { ...current.kinds, [kind]: next } }));
  const toggleLead = (lead: ReminderLeadTime, on: boolean) =>
    setValues((current) => ({
      ...current,
      // Kept in the contract's order, whatever order they were ticked in.
      reminderLeadTimes: reminderLeadTimes.filter((l) =>
        l === lead ? on : current.reminderLeadTimes.includes(l),
      ),
    }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = notificationPreferencesRequestSchema.safeParse({
      ...values,
      timeZone: values.timeZone.trim(),
    });
    if (!parsed.success) {
      const found = errorsByField(parsed.error.issues);
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(parsed.data);
      setValues(saved);
      toast.success('Notification settings saved');
    } catch (error) {
      if (isApiError(error, 'validation_failed') && error.errors.length > 0) {
        const found = errorsByField(error.errors);
        setErrors(found);
        focusFirstError(found);
      } else {
        console.error('Saving notification settings failed', error);
        toast.error('Your notification settings were not saved. Please try again.');
      }
    }
  };

  const leadError = errors.reminderLeadTimes;
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="notifications-heading"
    >
      <h3 className="text-base font-semibold text-slate-900">What you hear about</h3>
      <ul className="mt-1 divide-y divide-slate-100 border-y border-slate-100">
        {notificationKinds.map((kind) => (
          <li key={kind}>
            <KindRow
              kind={kind}
              value={values.kinds[kind]}
              errors={errors}
              onChange={(next) => setKind(kind, next)}
            />
          </li>
        ))}
      </ul>

      <h3 className="mt-6 text-base font-semibold text-slate-900">Digests and reminders</h3>
      <div className="mt-3 grid gap-5 sm:grid-cols-2">
        <Field
          id="notify-digest-hour"
          label="Digest time"
          hint="Daily digests arrive at this hour; weekly ones on Mondays."
          error={errors.digestHour}
        >
          {(aria) => (
            <Select
              {...aria}
              value={String(values.digestHour)}
              onChange={(event) =>
                setValues((current) => ({ ...current, digestHour: Number(event.target.value) }))
              }
            >
              {hours.map((hour) => (
                <option key={hour} value={hour}>
                  {hourLabel(hour)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id="notify-time-zone"
          label="Time zone"
          hint={`Digests and reminders follow it. This device is on ${deviceZone}.`}
          error={errors.timeZone}
        >
          {(aria) => (
            <Combobox
              {...aria}
              value={values.timeZone}
              onChange={(timeZone) => setValues((current) => ({ ...current, timeZone }))}
              items={matchTimeZones(zones, values.timeZone)}
              itemValue={(zone) => zone}
              itemKey={(zone) => zone}
              renderItem={(zone) => zone.replace(/_/g, ' ')}
              status="No time zone matches"
              maxLength={64}
              placeholder="Start typing a city, e.g. Chicago"
            />
          )}
        </Field>
      </div>

      <div
        role="group"
        aria-labelledby="notify-lead-label"
        aria-describedby={['notify-lead-hint', leadError ? 'notify-lead-error' : '']
          .filter(Boolean)
          .join(' ')}
        className="mt-5"
      >
        <p id="notify-lead-label" className="text-sm font-medium text-slate-800">
          Deadline reminders
        </p>
        <p id="notify-lead-hint" className="mt-0.5 text-sm text-slate-600">
          How long before a sponsor or internal deadline to remind you; tick as many as you like.
        </p>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
          {reminderLeadTimes.map((lead) => (
            <label key={lead} className="flex h-10 items-center gap-2 text-sm text-slate-800">
              <input
                id={`notify-lead-${lead}`}
                type="checkbox"
                className="size-4 accent-brand-800"
                checked={values.reminderLeadTimes.includes(lead)}
                aria-invalid={Boolean(leadError)}
                onChange={(event) => toggleLead(lead, event.target.checked)}
              />
              {reminderLeadTimeLabels[lead]}
            </label>
          ))}
        </div>
        <ErrorText id="notify-lead-error" message={leadError} />
      </div>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button id="notify-save" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save notification settings'}
        </Button>
        {errors.form ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.form}
          </p>
        ) : null}
      </div>
    </form>
  );
}
