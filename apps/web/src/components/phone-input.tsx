import { forwardRef, type InputHTMLAttributes } from 'react';
import { formatPhone, phonePlaceholder } from '@grantbridge/contract/leads';
import { Input } from './ui/input';

type PhoneInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
> & {
  value: string | undefined;
  onChange: (value: string) => void;
};

/** Formats digits as (xxx)xxx-xxxx while the user types. */
export const PhoneInput = forwardRef<HTMLInputElement, PhoneInputProps>(function PhoneInput(
  { value, onChange, ...props },
  ref,
) {
  return (
    <Input
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      maxLength={13}
      placeholder={phonePlaceholder}
      value={value ?? ''}
      onChange={(event) => onChange(formatPhone(event.target.value))}
      {...props}
    />
  );
});
