// The e-mailed invitation link: shows the institution and address, takes a
// name and password, and signs the new person in (researchers go on to set
// up their profile).
import { useNavigate, useSearchParams, Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Building2 } from 'lucide-react';
import { passwordSchema } from '@grantbridge/contract/auth';
import { personNameSchema } from '@grantbridge/contract/people';
import { paths, roleHomePath } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { LoadingState } from '../../../components/ui/loading-state';
import { PasswordInput } from '../../../components/ui/password-input';
import { isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { acceptInvitation, getInvitation } from '../api/auth-api';
import { AccountCard } from './password-reset-pages';

const acceptFormSchema = z
  .object({
    name: personNameSchema,
    password: passwordSchema,
    confirm: z.string().min(1, 'Confirm your password'),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });

const problems: Partial<Record<string, string>> = {
  invitation_expired: 'This invitation has expired. Ask your research office to send it again.',
  invitation_used: 'This invitation has been accepted already. Sign in with the password you chose.',
  invitation_revoked: 'This invitation has been withdrawn by your research office.',
  already_registered: 'This address already has an account. Sign in instead.',
  not_found: 'This invitation link is not valid. Check that you copied the whole link from the e-mail.',
};

function problemText(error: unknown) {
  return (isApiError(error) && problems[error.code]) || 'Something went wrong. Please try again.';
}

function LinkProblem({ text }: { text: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>{text}</p>
      <p className="mt-2">
        <Link to={paths.login} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          Go to sign in
        </Link>
      </p>
    </div>
  );
}

export function AcceptInvitePage() {
  useDocumentTitle('Accept your invitation');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
        setError('root', { type: 'server', message: problemText(error) });
      }
    }
  });

  let body;
  if (!token) body = <LinkProblem text={problems.not_found!} />;
  else if (invitation.isPending) body = <LoadingState label="Opening your invitation…" className="min-h-64" />;
  else if (invitation.isError) body = <LinkProblem text={problemText(invitation.error)} />;
  else {
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
        {errors.root?.message ? <div className="mt-4"><LinkProblem text={errors.root.message} /></div> : null}
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
