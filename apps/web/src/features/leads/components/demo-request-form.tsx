import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { demoRequestSchema, demoRoles } from '@grantbridge/contract/leads';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { HoneypotField } from '../../../components/honeypot-field';
import { createDemoRequest } from '../api/submit-lead';
import { showLeadError } from '../utils/lead-errors';
import { PhoneField, RequiredFieldsNote, UniversityField } from './lead-fields';

const fields = [
  'firstName',
  'lastName',
  'email',
  'university',
  'phone',
  'role',
  'preferredDate',
  'message',
  'website',
] as const;

/** Earliest choosable slot: now, in the local `YYYY-MM-DDTHH:mm` the input expects. */
function localNow(): string {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset());
  return now.toISOString().slice(0, 16);
}

export function DemoRequestForm() {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(demoRequestSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      university: '',
      phone: '',
      role: undefined,
      preferredDate: '',
      message: '',
      website: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createDemoRequest({
        ...values,
        // The picker gives local wall-clock time; send an unambiguous instant.
        preferredDate: values.preferredDate ? new Date(values.preferredDate).toISOString() : '',
        message: values.message ?? '',
        website: values.website ?? '',
      });
      toast.success(
        "Thank you for requesting a demo! We'll be in touch shortly to schedule your session.",
        { duration: 5000 },
      );
      reset();
    } catch (error) {
      showLeadError(error, { setError, fields });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Demo request form" className="space-y-5">
      <RequiredFieldsNote />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="demo-first-name" label="First name" required error={errors.firstName?.message}>
          {(aria) => <Input autoComplete="given-name" {...aria} {...register('firstName')} />}
        </Field>
        <Field id="demo-last-name" label="Last name" required error={errors.lastName?.message}>
          {(aria) => <Input autoComplete="family-name" {...aria} {...register('lastName')} />}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="demo-email" label="Email" required error={errors.email?.message}>
          {(aria) => <Input type="email" autoComplete="email" {...aria} {...register('email')} />}
        </Field>
        <PhoneField id="demo-phone" control={control} name="phone" error={errors.phone?.message} />
      </div>
      <UniversityField
        id="demo-university"
        control={control}
        name="university"
        error={errors.university?.message}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="demo-role" label="Role" required error={errors.role?.message}>
          {(aria) => (
            <Select defaultValue="" {...aria} {...register('role')}>
              <option value="" disabled>
                Select your role
              </option>
              {demoRoles.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id="demo-preferred-date"
          label="Preferred date and time"
          optional
          error={errors.preferredDate?.message}
        >
          {(aria) => (
            <Input
              type="datetime-local"
              min={localNow()}
              {...aria}
              {...register('preferredDate')}
            />
          )}
        </Field>
      </div>
      <Field id="demo-message" label="Comments" optional error={errors.message?.message}>
        {(aria) => <Textarea rows={4} {...aria} {...register('message')} />}
      </Field>
      <HoneypotField id="demo-website" registration={register('website')} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? 'Submitting...' : 'Request Demo'}
      </Button>
    </form>
  );
}
