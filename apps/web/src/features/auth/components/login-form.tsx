import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ArrowLeft } from 'lucide-react';
import { emailSchema, loginRequestSchema, roles, type Role } from '@grantbridge/contract/auth';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { isApiError } from '../../../lib/api-client';
import { roleLabels } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { discoverSso, login, ssoStartHref } from '../api/auth-api';
import { forgotPasswordState } from '../utils/forgot-password-state';
import { pathAfterLogin } from '../utils/next-path';
import { readRememberedLogin, saveRememberedLogin } from '../utils/remembered-login';

type FormProblem = { kind: 'message'; text: string } | { kind: 'role_mismatch'; role: Role };

const accountNames: Record<Role, string> = {
  researcher: 'a researcher account',
  admin: 'an administrator account',
};

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

type LoginFormProps = {
  role: Role;
  onChangeRole: (role: Role | null) => void;
  /** Called just before the signed-in user is put in the cache. */
  onSignedIn: () => void;
};

export function LoginForm({ role, onChangeRole, onSignedIn }: LoginFormProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [remembered] = useState(readRememberedLogin);

  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: remembered.email, password: '', role, remember: remembered.remember },
  });
  // "Forgot password?" takes the address typed here along (issue 30).
  const typedEmail = useWatch({ control, name: 'email' });
  const rememberChecked = useWatch({ control, name: 'remember' });
  // Campus single sign-on (decision 057): once the address names an institution that uses it,
  // "Continue with <institution>" is offered; the password stays unless the institution turned it off.
  const emailToCheck = useDebouncedValue((typedEmail ?? '').trim().toLowerCase(), 300);
  const sso = useQuery({
    queryKey: ['auth', 'sso', emailToCheck],
    queryFn: ({ signal }) => discoverSso(emailToCheck, signal),
    // Asked only with an address the server accepts (the contract's check): one typed halfway,
    // such as "name@campus.example.", would only be refused with a 400.
    enabled: emailSchema.safeParse(emailToCheck).success,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const campus = sso.data ?? null;
  const passwordOff = campus !== null && !campus.passwordSignIn;

  useEffect(() => {
    setValue('role', role);
    setProblem(null);
  }, [role, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const user = await login(values);
      saveRememberedLogin(values.email, values.remember);
      onSignedIn();
      queryClient.setQueryData(queryKeys.me, user);
      // At the bottom: at the top it would cover the next page's title on a phone. Longer than
      // other successes: the page changes under it, and there is more to take in at once.
      toast.success('Successfully logged in!', { position: 'bottom-center', duration: 5000 });
      await navigate(pathAfterLogin(searchParams.get('next'), user.role, user.setupComplete), { replace: true });
    } catch (error) {
      if (isApiError(error, 'institution_not_onboarded')) {
        await navigate(paths.noAccount);
      } else if (isApiError(error, 'invalid_credentials')) {
        setProblem({ kind: 'message', text: 'Invalid email or password' });
      } else if (isApiError(error, 'role_mismatch') && isRole(error.meta.role)) {
        setProblem({ kind: 'role_mismatch', role: error.meta.role });
      } else if (isApiError(error, 'account_deactivated')) {
        // The server says what to do (ask the research office); say it, not "something went wrong".
        setProblem({
          kind: 'message',
          text:
            error.detail ||
            "This account has been deactivated. Ask your institution's research office to restore it.",
        });
      } else if (isApiError(error, 'password_sign_in_disabled')) {
        setProblem({ kind: 'message', text: error.detail || 'Your institution signs in with its campus single sign-on.' });
      } else if (isApiError(error, 'rate_limited')) {
        setProblem({
          kind: 'message',
          text: 'Too many failed sign-in attempts. Try again in 15 minutes.',
        });
      } else if (isApiError(error, 'validation_failed') && error.errors.length > 0) {
        for (const item of error.errors) {
          if (item.path === 'email' || item.path === 'password') {
            setError(item.path, { type: 'server', message: item.message });
          }
        }
      } else {
        console.error('Sign in failed', error);
        toast.error('Something went wrong. Please try again.');
      }
    }
  });

  const headingId = 'login-heading';
  return (
    <div>
      <button
        type="button"
        onClick={() => onChangeRole(null)}
        className="-ml-2 inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back
      </button>
      <h1
        id={headingId}
        className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
      >
        Sign in as {roleLabels[role]}
      </h1>
      <p className="mt-2 text-slate-700">Use the e-mail address of your institution account.</p>

      {problem ? (
        <div
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          {problem.kind === 'message' ? (
            <p>{problem.text}</p>
          ) : (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p>
                This is {accountNames[problem.role]}. Choose {roleLabels[problem.role]} to sign in.
              </p>
              <Button size="sm" variant="secondary" onClick={() => onChangeRole(problem.role)}>
                Choose {roleLabels[problem.role]}
              </Button>
            </div>
          )}
        </div>
      ) : null}

      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="mt-6 space-y-5">
        <Field id="login-email" label="Email" error={errors.email?.message}>
          {(aria) => (
            <Input
              type="email"
              autoComplete="username"
              autoFocus={!remembered.email}
              {...aria}
              {...register('email')}
            />
          )}
        </Field>
        {campus ? (
          <div className="rounded-lg border border-brand-200 bg-brand-50 p-4">
            <p className="text-sm text-slate-800">
              {campus.institution.name} signs in with its campus account
              {campus.passwordSignIn ? '; your GrantBridge password works too.' : '.'}
            </p>
            <Button
              type="button"
              size="lg"
              className="mt-3 w-full"
              onClick={() => window.location.assign(ssoStartHref(emailToCheck, Boolean(rememberChecked)))}
            >
              Continue with {campus.institution.name}
            </Button>
          </div>
        ) : null}
        {passwordOff ? null : (
        <Field id="login-password" label="Password" error={errors.password?.message}>
          {(aria) => (
            <PasswordInput
              autoComplete="current-password"
              autoFocus={Boolean(remembered.email)}
              {...aria}
              {...register('password')}
            />
          )}
        </Field>
        )}
        <div className="flex items-center justify-between gap-2">
          <div className="flex items-center gap-2">
          <input
            id="login-remember"
            type="checkbox"
            className="size-4 rounded border-slate-400 text-brand-800 accent-brand-800"
            {...register('remember')}
          />
          <label htmlFor="login-remember" className="text-sm text-slate-800">
            Remember me
          </label>
          </div>
          <Link
            to={paths.forgotPassword}
            state={forgotPasswordState(typedEmail)}
            className="text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        {passwordOff ? null : (
          <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
            {isSubmitting ? 'Signing in...' : 'Sign in'}
          </Button>
        )}
      </form>

      {role === 'researcher' ? (
        <p className="mt-6 text-center text-sm text-slate-700">
          New to GrantBridge?{' '}
          <Link
            to={paths.getStarted}
            className="font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Get started
          </Link>
        </p>
      ) : (
        <p className="mt-6 text-center text-sm text-slate-700">
          Administrator accounts are set up with your institution&rsquo;s onboarding.{' '}
          <Link
            to={paths.contact}
            className="font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Contact us
          </Link>
        </p>
      )}
    </div>
  );
}
