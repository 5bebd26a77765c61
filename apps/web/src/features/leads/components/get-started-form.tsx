import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { getStartedRequestSchema } from '@grantbridge/contract/leads';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { HoneypotField } from '../../../components/honeypot-field';
import { createGetStartedRequest } from '../api/submit-lead';
import { showLeadError } from '../utils/lead-errors';
import { PhoneField, RequiredFieldsNote, UniversityField } from './lead-fields';

const fields = [
  'firstName',
  'lastName',
  'email',
  'university',
  'phone',
  'message',
  'website',
] as const;
const toastOptions = { duration: 5000, position: 'bottom-center' } as const;

export function GetStartedForm() {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(getStartedRequestSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      university: '',
      phone: '',
      message: '',
      website: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createGetStartedRequest({
        ...values,
        phone: values.phone ?? '',
        website: values.website ?? '',
      });
      toast.success("Thank you for your message! We'll be in touch soon.", { duration: 5000 });
      reset();
    } catch (error) {
      showLeadError(error, { setError, fields, toastOptions });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Get started form" className="space-y-5">
      <RequiredFieldsNote />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id="get-started-first-name"
          label="First name"
          required
          error={errors.firstName?.message}
        >
          {(aria) => <Input autoComplete="given-name" {...aria} {...register('firstName')} />}
        </Field>
        <Field
          id="get-started-last-name"
          label="Last name"
          required
          error={errors.lastName?.message}
        >
          {(aria) => <Input autoComplete="family-name" {...aria} {...register('lastName')} />}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="get-started-email" label="Email" required error={errors.email?.message}>
          {(aria) => <Input type="email" autoComplete="email" {...aria} {...register('email')} />}
        </Field>
        <PhoneField
          id="get-started-phone"
          control={control}
          name="phone"
          error={errors.phone?.message}
          optional
        />
      </div>
      <UniversityField
        id="get-started-university"
        control={control}
        name="university"
        error={errors.university?.message}
      />
      <Field id="get-started-message" label="Message" required error={errors.message?.message}>
        {(aria) => <Textarea rows={6} {...aria} {...register('message')} />}
      </Field>
      <HoneypotField id="get-started-website" registration={register('website')} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? 'Sending...' : 'Get Started'}
      </Button>
    </form>
  );
}
