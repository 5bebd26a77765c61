// The e-mailed invitation link: shows the institution and address, takes a
// name and password, and signs the new person in (researchers go on to set
// up their profile).
import { useState } from 'react';
import { useNavigate, useSearchParams, Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Building2 } from 'lucide-react';
import { passwordSchema } from '@grantbridge/contract/auth';
import type { ErrorCode } from '@grantbridge/contract/errors';
import { personNameSchema } from '@grantbridge/contract/people';
import { paths, roleHomePath } from '../../../config/paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { LoadingState } from '../../../components/ui/loading-state';
import { PasswordInput } from '../../../components/ui/password-input';
import { isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { acceptInvitation, getInvitation } from '../api/auth-api';
import { AccountCard, LinkProblemPanel } from './password-reset-pages';

const acceptFormSchema = z
  .object({
    name: personNameSchema,
    password: passwordSchema,
    confirm: z.string().min(1, 'Confirm your password'),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });

type InvitationProblem = { title: string; text: string };

// What the server says is wrong with the invitation itself: the page says it in place of the form.
const problems: Partial<Record<ErrorCode, InvitationProblem>> = {
  invitation_expired: {
    title: 'This invitation has expired',
    text: 'Invitations work for 7 days. Ask your research office to send it again.',
  },
  invitation_used: {
    title: 'This invitation has been accepted',
    text: 'Sign in with the password you chose when you accepted it.',
  },
  invitation_revoked: {
    title: 'This invitation has been withdrawn',
    text: 'Your research office withdrew it. Ask them if you think this is a mistake.',
  },
  already_registered: {
    title: 'You already have an account',
    text: 'This address already has a GrantBridge account. Sign in instead.',
  },
  not_found: {
    title: 'This invitation link is not valid',
    text: 'Check that you opened the whole link from the e-mail, or ask your research office to send it again.',
  },
};

function invitationProblem(error: unknown): InvitationProblem | null {
  if (!isApiError(error)) return null;
  // A token cut short or padded out by a mail program fails the schema before it is looked up.
  if (error.code === 'validation_failed' && error.errors.some((item) => item.path === 'token')) {
    return problems.not_found!;
  }
  return problems[error.code] ?? null;
}

/** Why the invitation cannot be accepted, and where to go from here (issue 30). */
function InvitationProblemPanel({
  problem,
  onRetry,
  retrying = false,
}: {
  problem: InvitationProblem;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <LinkProblemPanel title={problem.title}>
      <p>{problem.text}</p>
      <div className="flex flex-col gap-3 pt-2 sm:flex-row sm:items-center">
        {onRetry ? (
          <Button size="lg" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Trying again…' : 'Try again'}
          </Button>
        ) : null}
        <Link to={paths.login} className={buttonClasses(onRetry ? 'secondary' : 'primary', 'lg')}>
          Go to sign in
        </Link>
        <Link to={paths.home} className={buttonClasses('secondary', 'lg')}>
          GrantBridge home
        </Link>
      </div>
    </LinkProblemPanel>
  );
}

export function AcceptInvitePage() {
  useDocumentTitle('Accept your invitation');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Set when accepting finds the invitation gone since the page opened (expired, withdrawn, used).
  const [lateProblem, setLateProblem] = useState<InvitationProblem | null>(null);
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    enabled: token.length > 0,
    retry: false,
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(acceptFormSchema),
    values: { name: invitation.data?.name ?? '', password: '', confirm: '' },
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async ({ name, password }) => {
    try {
      const user = await acceptInvitation({ token, name, password });
      queryClient.setQueryData(queryKeys.me, user);
      toast.success(`Welcome to GrantBridge, ${user.name}!`);
      await navigate(user.role === 'researcher' ? paths.researcher.setup : roleHomePath(user.role), {
        replace: true,
      });
    } catch (error) {
      if (isApiError(error, 'validation_failed')) {
        for (const item of error.errors) {
          if (item.path === 'name' || item.path === 'password') {
            setError(item.path, { type: 'server', message: item.message });
          }
        }
      } else {
        const problem = invitationProblem(error);
        if (problem) setLateProblem(problem);
        else setError('root', { type: 'server', message: 'Something went wrong. Please try again.' });
      }
    }
  });

  let body;
  if (!token) body = <InvitationProblemPanel problem={problems.not_found!} />;
  else if (lateProblem) body = <InvitationProblemPanel problem={lateProblem} />;
  else if (invitation.isPending) body = <LoadingState label="Opening your invitation…" className="min-h-64" />;
  else if (invitation.isError) {
    const problem = invitationProblem(invitation.error);
    body = problem ? (
      <InvitationProblemPanel problem={problem} />
    ) : (
      <InvitationProblemPanel
        problem={{
          title: 'Your invitation could not be opened',
          text: 'Something went wrong on the way. Check your connection and try again.',
        }}
        onRetry={() => void invitation.refetch()}
        retrying={invitation.isFetching}
      />
    );
  } else {
    const { institution, email, role } = invitation.data;
    body = (
      <>
        <Building2 className="size-10 text-brand-800" aria-hidden="true" />
        <h1 id="accept-heading" className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
          Join {institution} on GrantBridge
        </h1>
        <p className="mt-2 text-slate-700">
          Your research office invited <strong className="break-all">{email}</strong> as{' '}
          {role === 'admin' ? 'an administrator' : 'a researcher'}. Choose how your name appears
          and a password to finish.
        </p>
        {errors.root?.message ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {errors.root.message}
          </p>
        ) : null}
        <form noValidate onSubmit={onSubmit} aria-labelledby="accept-heading" className="mt-6 space-y-5">
          <Field id="accept-email" label="Email">
            {(aria) => <Input type="email" autoComplete="username" readOnly value={email} {...aria} />}
          </Field>
          <Field id="accept-name" label="Your name" error={errors.name?.message}>
            {(aria) => <Input autoComplete="name" {...aria} {...register('name')} />}
          </Field>
          <Field id="accept-password" label="Password" hint="At least 10 characters and hard to guess: a few unrelated words work well." error={errors.password?.message}>
            {(aria) => <PasswordInput autoComplete="new-password" autoFocus {...aria} {...register('password')} />}
          </Field>
          <Field id="accept-confirm" label="Confirm password" error={errors.confirm?.message}>
            {(aria) => <PasswordInput autoComplete="new-password" {...aria} {...register('confirm')} />}
          </Field>
          <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
            {isSubmitting ? 'Creating your account…' : 'Accept invitation'}
          </Button>
        </form>
      </>
    );
  }
  return <AccountCard>{body}</AccountCard>;
}
