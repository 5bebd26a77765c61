// Fields the three lead forms share: the required-fields note, and the
// university and phone inputs wired to react-hook-form.
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { PhoneInput } from '../../../components/phone-input';
import { UniversityPicker } from '../../../components/university-picker';

export function RequiredFieldsNote() {
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

type ControlledFieldProps<T extends FieldValues> = {
  id: string;
  control: Control<T>;
  name: Path<T>;
  error?: string;
};

export function UniversityField<T extends FieldValues>({
  id,
  control,
  name,
  error,
}: ControlledFieldProps<T>) {
  return (
    <Field id={id} label="University" required error={error}>
      {(aria) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <UniversityPicker
              {...aria}
              ref={field.ref}
              name={field.name}
              value={(field.value as string | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </Field>
  );
}

export function PhoneField<T extends FieldValues>({
  id,
  control,
  name,
  error,
  optional = false,
}: ControlledFieldProps<T> & { optional?: boolean }) {
  return (
    <Field id={id} label="Phone" required={!optional} optional={optional} error={error}>
      {(aria) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <PhoneInput
              {...aria}
              ref={field.ref}
              name={field.name}
              value={(field.value as string | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </Field>
  );
}
