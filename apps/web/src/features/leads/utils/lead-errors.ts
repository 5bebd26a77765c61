// What a lead form shows when sending fails: field errors from the server go
// under their fields, rate limits get their own message, anything else is an
// unexpected failure that is logged and toasted.
import toast, { type ToastOptions } from 'react-hot-toast';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';

export const leadFailureMessage = 'Something went wrong. Please try again later.';
export const leadRateLimitedMessage = 'Too many requests. Please wait a minute and try again.';

export function showLeadError<T extends FieldValues>(
  error: unknown,
  options: {
    setError: UseFormSetError<T>;
    fields: readonly Path<T>[];
    toastOptions?: ToastOptions;
  },
): void {
  const { setError, fields, toastOptions } = options;
  if (isApiError(error, 'validation_failed')) {
    const known = error.errors.filter((item) => (fields as readonly string[]).includes(item.path));
    known.forEach((item, index) =>
      setError(
        item.path as Path<T>,
        { type: 'server', message: item.message },
        { shouldFocus: index === 0 },
      ),
    );
    if (known.length === 0) toast.error(error.detail || leadFailureMessage, toastOptions);
    return;
  }
  if (isApiError(error, 'rate_limited')) {
    toast.error(leadRateLimitedMessage, toastOptions);
    return;
  }
  console.error('Lead form submission failed', error);
  toast.error(leadFailureMessage, toastOptions);
}
