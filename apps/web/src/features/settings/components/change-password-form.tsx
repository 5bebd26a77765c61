import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { changePasswordRequestSchema } from '@grantbridge/contract/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { isApiError } from '../../../lib/api-client';
import { changePassword } from '../api/settings-api';

// The confirmation is checked here only; the server gets the contract's body.
const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string().min(1, 'Confirm your new password') })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

export function ChangePasswordForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword({ currentPassword, newPassword });
      toast.success('Password changed');
      reset();
    } catch (error) {
      if (isApiError(error, 'validation_failed') && error.errors.length > 0) {
        error.errors.forEach((item, index) => {
          if (item.path === 'currentPassword' || item.path === 'newPassword') {
            setError(
              item.path,
              { type: 'server', message: item.message },
              { shouldFocus: index === 0 },
            );
          }
        });
      } else if (isApiError(error, 'rate_limited')) {
        toast.error('Too many attempts. Please wait a few minutes and try again.');
      } else {
        console.error('Changing the password failed', error);
        toast.error('Something went wrong. Please try again.');
      }
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="change-password-heading"
      className="space-y-5"
    >
      <Field id="current-password" label="Current password" error={errors.currentPassword?.message}>
        {(aria) => (
          <PasswordInput
            autoComplete="current-password"
            {...aria}
            {...register('currentPassword')}
          />
        )}
      </Field>
      <Field
        id="new-password"
        label="New password"
        hint="At least 10 characters and hard to guess: a few unrelated words work well."
        error={errors.newPassword?.message}
      >
        {(aria) => (
          <PasswordInput autoComplete="new-password" {...aria} {...register('newPassword')} />
        )}
      </Field>
      <Field id="confirm-password" label="Confirm password" error={errors.confirmPassword?.message}>
        {(aria) => (
          <PasswordInput autoComplete="new-password" {...aria} {...register('confirmPassword')} />
        )}
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Changing password...' : 'Change password'}
      </Button>
    </form>
  );
}
