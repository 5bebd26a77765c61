// "Forgot password?" and the e-mailed link's page. The request page says the
// same thing whether or not the address has an account.
import { useRef, useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MailCheck, KeyRound } from 'lucide-react';
import { passwordResetRequestSchema, passwordSchema } from '@grantbridge/contract/auth';
import { paths } from '../../../config/paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { confirmPasswordReset, requestPasswordReset } from '../api/auth-api';

export function AccountCard({ children }: { children: ReactNode }) {
  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-20">
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        {children}
      </div>
    </div>
  );
}

/** A panel that replaces a sent form and takes focus, so a screen reader hears it. */
export function DonePanel({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div>
      <MailCheck className="size-10 text-brand-800" aria-hidden="true" />
      <h1 ref={ref} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight text-slate-900 outline-none">
        {title}
      </h1>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </div>
  );
}

const linkClass = 'font-semibold text-brand-800 underline-offset-2 hover:underline';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setProblem(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setProblem(
        isApiError(error, 'rate_limited')
          ? 'Too many reset requests for this address. Try again in an hour.'
          : 'Something went wrong. Please try again.',
      );
    }
  });

  return (
    <AccountCard>
      {sentTo ? (
        <DonePanel title="Check your e-mail">
          <p>
            If <strong>{sentTo}</strong> has a GrantBridge account, a link to choose a new password
            is on its way. It works once, for one hour.
          </p>
          <p>
            Nothing arrived after a few minutes? Look in your spam folder, or{' '}
            <button type="button" className={linkClass} onClick={() => setSentTo(null)}>
              try again
            </button>
            .
          </p>
          <p>
            <Link to={paths.login} className={linkClass}>
              Back to sign in
            </Link>
          </p>
        </DonePanel>
      ) : (
        <>
          <KeyRound className="size-10 text-brand-800" aria-hidden="true" />
          <h1 id="forgot-heading" className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
            Forgot your password?
          </h1>
          <p className="mt-2 text-slate-700">
            Enter the e-mail address of your account and we will send you a link to choose a new
            one.
          </p>
          {problem ? (
            <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          <form noValidate onSubmit={onSubmit} aria-labelledby="forgot-heading" className="mt-6 space-y-5">
            <Field id="forgot-email" label="Email" error={errors.email?.message}>
              {(aria) => <Input type="email" autoComplete="username" autoFocus {...aria} {...register('email')} />}
            </Field>
            <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
              {isSubmitting ? 'Sending…' : 'Send reset link'}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-slate-700">
            Remembered it?{' '}
            <Link to={paths.login} className={linkClass}>
              Sign in
            </Link>
          </p>
        </>
      )}
    </AccountCard>
  );
}

const resetFormSchema = z
  .object({ password: passwordSchema, confirm: z.string().min(1, 'Confirm your new password') })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });

const linkProblems: Partial<Record<string, string>> = {
  token_used: 'This reset link has been used already.',
  token_expired: 'This reset link has expired (links work for one hour).',
  not_found: 'This reset link is not valid.',
};

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : linkProblems.not_found!);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await confirmPasswordReset(token, password);
      setDone(true);
    } catch (error) {
      if (isApiError(error) && linkProblems[error.code]) setLinkProblem(linkProblems[error.code]!);
      else if (isApiError(error, 'validation_failed')) {
        setError('password', { type: 'server', message: error.errors[0]?.message ?? 'Choose another password' });
      } else setLinkProblem('Something went wrong. Please try again.');
    }
  });

  if (done) {
    return (
      <AccountCard>
        <DonePanel title="Your password has been changed">
          <p>You have been signed out everywhere. Sign in with your new password.</p>
          <Link to={paths.login} className={buttonClasses('primary', 'lg')}>
            Sign in
          </Link>
        </DonePanel>
      </AccountCard>
    );
  }
  return (
    <AccountCard>
      <h1 id="reset-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        Choose a new password
      </h1>
      {linkProblem ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>{linkProblem}</p>
          <p className="mt-2">
            <Link to={paths.forgotPassword} className={linkClass}>
              Ask for a new link
            </Link>
          </p>
        </div>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-labelledby="reset-heading" className="mt-6 space-y-5">
        <Field id="reset-password" label="New password" hint="At least 10 characters and hard to guess: a few unrelated words work well." error={errors.password?.message}>
          {(aria) => <PasswordInput autoComplete="new-password" autoFocus {...aria} {...register('password')} />}
        </Field>
        <Field id="reset-confirm" label="Confirm new password" error={errors.confirm?.message}>
          {(aria) => <PasswordInput autoComplete="new-password" {...aria} {...register('confirm')} />}
        </Field>
        <Button type="submit" size="lg" disabled={isSubmitting || !token} className="w-full">
          {isSubmitting ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AccountCard>
  );
}
