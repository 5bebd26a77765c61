// The notification settings form's pure parts: which field an error belongs
// to (kind names hold dots, so "kinds.task.due.email" needs the kind list to
// split), the digest hour's labels and the time zone suggestions.
import type { FieldError } from '@grantbridge/contract/errors';
import { notificationKinds, type NotificationKind } from '@grantbridge/contract/notifications';

export type PreferenceField =
  | `${NotificationKind}.inApp`
  | `${NotificationKind}.email`
  | 'digestHour'
  | 'timeZone'
  | 'reminderLeadTimes'
  /** Anything not tied to one field: shown above the Save button. */
  | 'form';

export type PreferenceErrors = Partial<Record<PreferenceField, string>>;

/** The field a dotted error path ("kinds.task.due.email", "reminderLeadTimes.2", "body.timeZone") is about. */
export function fieldOfPath(path: string): PreferenceField {
  const p = path.replace(/^body(\.|$)/, '');
  if (p.startsWith('kinds.')) {
    const rest = p.slice('kinds.'.length);
    const kind = notificationKinds.find((k) => rest === k || rest.startsWith(`${k}.`));
    if (!kind) return 'form';
    return rest.slice(kind.length + 1) === 'inApp' ? `${kind}.inApp` : `${kind}.email`;
  }
  const head = p.split('.')[0];
  if (head === 'digestHour' || head === 'timeZone' || head === 'reminderLeadTimes') return head;
  return 'form';
}

/** The first message for each field, from the server's errors[] or zod's issues. */
export function errorsByField(
  errors: ReadonlyArray<FieldError | { path: ReadonlyArray<PropertyKey>; message: string }>,
): PreferenceErrors {
  const result: PreferenceErrors = {};
  for (const error of errors) {
    const path = typeof error.path === 'string' ? error.path : error.path.map(String).join('.');
    const field = fieldOfPath(path);
    result[field] ??= error.message;
  }
  return result;
}

/** "08:00" for 8: the digest hour as the select shows it. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** The IANA zones the browser knows, the person's current one included even if it does not list it. */
export function availableTimeZones(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  const all = new Set(zones);
  if (current) all.add(current);
  all.add('UTC');
  return [...all].sort((a, b) => a.localeCompare(b));
}

const simplify = (text: string) =>
  text.toLowerCase().replace(/[_/]+/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * The zones matching what is typed ("new york", "America/Chi", "tokyo"); the
 * whole list when the text is empty or already a zone, so a person can browse.
 */
export function matchTimeZones(zones: string[], typed: string): string[] {
  const text = simplify(typed);
  if (!text || zones.includes(typed.trim())) return zones;
  const starts: string[] = [];
  const contains: string[] = [];
  for (const zone of zones) {
    const name = simplify(zone);
    const city = simplify(zone.slice(zone.lastIndexOf('/') + 1));
    if (name.startsWith(text) || city.startsWith(text)) starts.push(zone);
    else if (name.includes(text)) contains.push(zone);
  }
  return [...starts, ...contains];
}
