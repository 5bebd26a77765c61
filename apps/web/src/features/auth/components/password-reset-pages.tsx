// "Forgot password?" and the e-mailed link's page. The request page says the
// same thing whether or not the address has an account.
import { useRef, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MailCheck, KeyRound, Link2Off, type LucideIcon } from 'lucide-react';
import { passwordResetRequestSchema, passwordSchema } from '@grantbridge/contract/auth';
import { paths } from '../../../config/paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { confirmPasswordReset, requestPasswordReset } from '../api/auth-api';
import { emailFromState } from '../utils/forgot-password-state';
import { resetLinkProblem, type ResetLinkProblem } from '../utils/reset-link-problem';

export function AccountCard({ children }: { children: ReactNode }) {
  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-20">
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        {children}
      </div>
    </div>
  );
}

type PanelProps = { title: string; children: ReactNode };

/** A page's whole message in place of its form; its heading takes focus, so a screen reader hears it. */
function FocusedPanel({ icon: Icon, iconClassName, title, children }: PanelProps & { icon: LucideIcon; iconClassName: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div>
      <Icon className={`size-10 ${iconClassName}`} aria-hidden="true" />
      <h1 ref={ref} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight text-slate-900 outline-none">
        {title}
      </h1>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </div>
  );
}

/** A panel that replaces a sent form. */
export function DonePanel(props: PanelProps) {
  return <FocusedPanel icon={MailCheck} iconClassName="text-brand-800" {...props} />;
}

/** Why an e-mailed link cannot be used, with no form under it: nothing typed there could work (issue 30). */
export function LinkProblemPanel(props: PanelProps) {
  return <FocusedPanel icon={Link2Off} iconClassName="text-red-700" {...props} />;
}

const linkClass = 'font-semibold text-brand-800 underline-offset-2 hover:underline';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  // The address typed on Sign in, carried by the "Forgot password?" link.
  const { state } = useLocation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: emailFromState(state) },
  });

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

const linkProblems: Record<ResetLinkProblem, { title: string; text: string }> = {
  token_used: {
    title: 'This reset link has been used',
    text: 'Each link works once, and this one has already set a password. To change it again, ask for a new link.',
  },
  token_expired: {
    title: 'This reset link has expired',
    text: 'Links work for one hour after they are sent. Ask for a new one and use it within the hour.',
  },
  not_found: {
    title: 'This reset link is not valid',
    text: 'Check that you opened the whole link from the e-mail, or ask for a new one.',
  },
};

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [done, setDone] = useState(false);
  // The server says what is wrong with a link only when it is used: there is no asking first.
  const [linkProblem, setLinkProblem] = useState<ResetLinkProblem | null>(token ? null : 'not_found');
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setProblem(null);
    try {
      await confirmPasswordReset(token, password);
      setDone(true);
    } catch (error) {
      const wrongLink = resetLinkProblem(error);
      if (wrongLink) setLinkProblem(wrongLink);
      else if (isApiError(error, 'validation_failed')) {
        setError('password', { type: 'server', message: error.errors[0]?.message ?? 'Choose another password' });
      } else setProblem('Something went wrong. Please try again.');
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
  if (linkProblem) {
    return (
      <AccountCard>
        <LinkProblemPanel title={linkProblems[linkProblem].title}>
          <p>{linkProblems[linkProblem].text}</p>
          <div className="flex flex-col gap-3 pt-2 sm:flex-row sm:items-center">
            <Link to={paths.forgotPassword} className={buttonClasses('primary', 'lg')}>
              Ask for a new link
            </Link>
            <Link to={paths.login} className={buttonClasses('secondary', 'lg')}>
              Back to sign in
            </Link>
          </div>
        </LinkProblemPanel>
      </AccountCard>
    );
  }
  return (
    <AccountCard>
      <h1 id="reset-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        Choose a new password
      </h1>
      {problem ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-labelledby="reset-heading" className="mt-6 space-y-5">
        <Field id="reset-password" label="New password" hint="At least 10 characters and hard to guess: a few unrelated words work well." error={errors.password?.message}>
          {(aria) => <PasswordInput autoComplete="new-password" autoFocus {...aria} {...register('password')} />}
        </Field>
        <Field id="reset-confirm" label="Confirm new password" error={errors.confirm?.message}>
          {(aria) => <PasswordInput autoComplete="new-password" {...aria} {...register('confirm')} />}
        </Field>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AccountCard>
  );
}
