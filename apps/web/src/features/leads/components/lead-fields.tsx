// What the three lead forms share: the frame (note, name fields, honeypot,
// submit button) and the fields wired to react-hook-form.
import type { BaseSyntheticEvent, ReactElement, ReactNode } from 'react';
import {
  Controller,
  type Control,
  type FieldValues,
  type Path,
  type RefCallBack,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field, type FieldControlProps } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { HoneypotField } from '../../../components/honeypot-field';
import { PhoneInput } from '../../../components/phone-input';
import { UniversityPicker } from '../../../components/university-picker';
import type { LeadSent } from '../hooks/use-lead-form';
import { LeadSentPanel } from './lead-sent-panel';

/** A registered input's part of a lead form (`useLeadForm().field(name)`). */
type RegisteredField = { id: string; error?: string; registration: UseFormRegisterReturn };

type LeadFormFrameProps = {
  lead: {
    onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
    isSubmitting: boolean;
    field: (name: 'firstName' | 'lastName' | 'website') => RegisteredField;
    sent: LeadSent | null;
    sendAnother: () => void;
  };
  label: string;
  submitLabel: string;
  sendingLabel: string;
  /** The confirmation's heading once sent, and its way back to an empty form. */
  sentTitle: string;
  anotherLabel: string;
  /** The fields between the names and the submit button. */
  children: ReactNode;
};

export function LeadFormFrame({
  lead,
  label,
  submitLabel,
  sendingLabel,
  sentTitle,
  anotherLabel,
  children,
}: LeadFormFrameProps) {
  const website = lead.field('website');
  if (lead.sent) {
    return (
      <LeadSentPanel
        sent={lead.sent}
        title={sentTitle}
        anotherLabel={anotherLabel}
        onSendAnother={lead.sendAnother}
      />
    );
  }
  return (
    <form noValidate onSubmit={lead.onSubmit} aria-label={label} className="space-y-5">
      <RequiredFieldsNote />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...lead.field('firstName')} label="First name" autoComplete="given-name" />
        <TextField {...lead.field('lastName')} label="Last name" autoComplete="family-name" />
      </div>
      {children}
      <HoneypotField id={website.id} registration={website.registration} />
      {/* Busy, not disabled: the keyboard's focus stays on it while sending. */}
      <Button type="submit" size="lg" aria-disabled={lead.isSubmitting || undefined} className="w-full sm:w-auto">
        {lead.isSubmitting ? sendingLabel : submitLabel}
      </Button>
    </form>
  );
}

function RequiredFieldsNote() {
  return (
    <p className="text-sm text-slate-700">
      Fields marked{' '}
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
      <span className="sr-only">with an asterisk</span> are required.
    </p>
  );
}

function TextField({
  id,
  error,
  registration,
  label,
  autoComplete,
}: RegisteredField & { label: string; autoComplete: string }) {
  return (
    <Field id={id} label={label} required error={error}>
      {(aria) => <Input autoComplete={autoComplete} {...aria} {...registration} />}
    </Field>
  );
}

export function EmailField({ id, error, registration }: RegisteredField) {
  return (
    <Field id={id} label="Email" required error={error}>
      {(aria) => <Input type="email" autoComplete="email" {...aria} {...registration} />}
    </Field>
  );
}

/** The free-text message: required "Message" on the contact and get-started forms, optional "Comments" on the demo request. */
export function MessageField({
  id,
  error,
  registration,
  label = 'Message',
  optional = false,
  rows = 6,
}: RegisteredField & { label?: string; optional?: boolean; rows?: number }) {
  return (
    <Field id={id} label={label} required={!optional} optional={optional} error={error}>
      {(aria) => <Textarea rows={rows} {...aria} {...registration} />}
    </Field>
  );
}

type ControlledFieldProps<T extends FieldValues, Output> = {
  id: string;
  control: Control<T, unknown, Output>;
  name: Path<T>;
  error?: string;
};

/** What a controlled input gets: the Field's ARIA wiring and react-hook-form's field. */
type ControlledInputProps = FieldControlProps & {
  ref: RefCallBack;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
};

function ControlledField<T extends FieldValues, Output>({
  id,
  control,
  name,
  error,
  label,
  optional = false,
  input,
}: ControlledFieldProps<T, Output> & {
  label: string;
  optional?: boolean;
  input: (props: ControlledInputProps) => ReactElement;
}) {
  return (
    <Field id={id} label={label} required={!optional} optional={optional} error={error}>
      {(aria) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) =>
            input({
              ...aria,
              ref: field.ref,
              name: field.name,
              value: (field.value as string | undefined) ?? '',
              onChange: field.onChange,
              onBlur: field.onBlur,
            })
          }
        />
      )}
    </Field>
  );
}

export function UniversityField<T extends FieldValues, Output>(
  props: ControlledFieldProps<T, Output>,
) {
  return (
    <ControlledField
      {...props}
      label="University"
      input={(input) => <UniversityPicker {...input} />}
    />
  );
}

export function PhoneField<T extends FieldValues, Output>({
  optional,
  ...props
}: ControlledFieldProps<T, Output> & { optional?: boolean }) {
  return (
    <ControlledField
      {...props}
      label="Phone"
      optional={optional}
      input={(input) => <PhoneInput {...input} />}
    />
  );
}
