import type { ReactNode } from 'react';

export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
};

type FieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  optional?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A visible label, the control, an optional hint and the field's error, wired
 * with ARIA. The label's id is `${id}-label`, for controls that need labelledby.
 */
export function Field({
  id,
  label,
  error,
  hint,
  required,
  optional,
  className,
  children,
}: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      {/* Markers sit beside the label, not inside it, so the accessible name is
          exactly the label; aria-required tells assistive technology instead. */}
      <div className="mb-1.5 flex items-baseline gap-1">
        <label id={`${id}-label`} htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-sm text-red-700">
            *
          </span>
        ) : null}
        {optional ? (
          <span aria-hidden="true" className="text-sm text-slate-600">
            (optional)
          </span>
        ) : null}
      </div>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
