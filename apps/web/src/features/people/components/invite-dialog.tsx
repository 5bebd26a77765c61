// The seed's "Add Researcher": invite a person of the institution by e-mail.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { emailSchema } from '@grantbridge/contract/auth';
import { personNameSchema } from '@grantbridge/contract/people';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { invite } from '../api/people-api';

const formSchema = z.object({
  email: emailSchema,
  name: personNameSchema,
  title: z.string().trim().max(200, 'Title is too long'),
  department: z.string().trim().max(200, 'Department is too long'),
  role: z.enum(['researcher', 'admin']),
});

export function InviteDialog({
  open,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '', name: '', title: '', department: '', role: 'researcher' as const },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const invitation = await invite(values);
      toast.success(
        invitation.sentCount > 1
          ? `${invitation.email} was already invited: the invitation was sent again`
          : `Invitation sent to ${invitation.email}`,
      );
      reset();
      onOpenChange(false);
      onInvited();
    } catch (error) {
      if (isApiError(error, 'email_outside_institution') || isApiError(error, 'already_registered')) {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (isApiError(error, 'validation_failed')) {
        error.errors.forEach((item, index) => {
          if (item.path === 'email' || item.path === 'name' || item.path === 'title' || item.path === 'department') {
            setError(item.path, { type: 'server', message: item.message }, { shouldFocus: index === 0 });
          }
        });
      } else {
        toast.error(isApiError(error) ? error.message : 'The invitation could not be sent. Please try again.');
      }
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Researcher"
      description="They get an e-mail with a link to join your institution on GrantBridge. The link works once, for 7 days."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <Field id="invite-email" label="Email" required error={errors.email?.message}>
          {(aria) => <Input type="email" autoComplete="off" {...aria} {...register('email')} />}
        </Field>
        <Field id="invite-name" label="Name" required error={errors.name?.message}>
          {(aria) => <Input autoComplete="off" {...aria} {...register('name')} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="invite-title" label="Title" optional error={errors.title?.message}>
            {(aria) => <Input {...aria} {...register('title')} />}
          </Field>
          <Field id="invite-department" label="Department" optional error={errors.department?.message}>
            {(aria) => <Input {...aria} {...register('department')} />}
          </Field>
        </div>
        <Field id="invite-role" label="Role">
          {(aria) => (
            <Select {...aria} {...register('role')}>
              <option value="researcher">Researcher</option>
              <option value="admin">Administrator (research office)</option>
            </Select>
          )}
        </Field>
        <DialogActions>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Send invitation'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
