// Change password. Three fields checked by the contract's own schema: a
// form library would be most of this page's code for them (issue 30,
// decision 051), so the form keeps its values and errors itself.
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { changePasswordRequestSchema } from '@grantbridge/contract/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { isApiError } from '../../../lib/api-client';
import { changePassword } from '../api/settings-api';

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };
type FieldName = keyof Values;
const empty: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };
const order: FieldName[] = ['currentPassword', 'newPassword', 'confirmPassword'];

/** What is wrong with each field, as the server would say it; the confirmation is checked here only. */
function problemsOf(values: Values): Partial<Record<FieldName, string>> {
  const problems: Partial<Record<FieldName, string>> = {};
  const parsed = changePasswordRequestSchema.safeParse({
    currentPassword: values.currentPassword,
    newPassword: values.newPassword,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as FieldName;
      problems[name] ??= issue.message;
    }
  }
  if (!values.confirmPassword) problems.confirmPassword = 'Confirm your new password';
  else if (values.newPassword !== values.confirmPassword)
    problems.confirmPassword = 'Passwords do not match';
  return problems;
}

export function ChangePasswordForm() {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  // After a first try, each change checks again (as a form library would), clearing what was put right.
  const [tried, setTried] = useState(false);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const focusFirst = (problems: Partial<Record<FieldName, string>>) =>
    inputs.current[order.find((name) => problems[name])!]?.focus();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const problems = problemsOf(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirst(problems);
      return;
    }
    setSubmitting(true);
    try {
      await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      toast.success('Password changed');
      setValues(empty);
      setTried(false);
    } catch (error) {
      if (isApiError(error, 'validation_failed') && error.errors.length > 0) {
        const server: Partial<Record<FieldName, string>> = {};
        for (const item of error.errors) {
          if (item.path === 'currentPassword' || item.path === 'newPassword')
            server[item.path] ??= item.message;
        }
        setErrors(server);
        if (Object.keys(server).length > 0) focusFirst(server);
      } else if (isApiError(error, 'rate_limited')) {
        toast.error('Too many attempts. Please wait a few minutes and try again.');
      } else {
        console.error('Changing the password failed', error);
        toast.error('Something went wrong. Please try again.');
      }
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: FieldName) => ({
    name,
    value: values[name],
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (tried) setErrors(problemsOf(next));
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="change-password-heading"
      className="space-y-5"
    >
      <Field id="current-password" label="Current password" error={errors.currentPassword}>
        {(aria) => (
          <PasswordInput autoComplete="current-password" {...aria} {...field('currentPassword')} />
        )}
      </Field>
      <Field
        id="new-password"
        label="New password"
        hint="At least 10 characters and hard to guess: a few unrelated words work well."
        error={errors.newPassword}
      >
        {(aria) => (
          <PasswordInput autoComplete="new-password" {...aria} {...field('newPassword')} />
        )}
      </Field>
      <Field id="confirm-password" label="Confirm password" error={errors.confirmPassword}>
        {(aria) => (
          <PasswordInput autoComplete="new-password" {...aria} {...field('confirmPassword')} />
        )}
      </Field>
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Changing password...' : 'Change password'}
      </Button>
    </form>
  );
}
