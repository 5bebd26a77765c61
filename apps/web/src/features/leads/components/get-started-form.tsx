import { getStartedRequestSchema } from '@grantbridge/contract/leads';
import { createGetStartedRequest } from '../api/submit-lead';
import { useLeadForm } from '../hooks/use-lead-form';
import {
  EmailField,
  LeadFormFrame,
  MessageField,
  PhoneField,
  UniversityField,
} from './lead-fields';

export function GetStartedForm() {
  const lead = useLeadForm({
    idPrefix: 'get-started',
    schema: getStartedRequestSchema,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      university: '',
      phone: '',
      message: '',
      website: '',
    },
    send: (values) =>
      createGetStartedRequest({
        ...values,
        phone: values.phone ?? '',
        website: values.website ?? '',
      }),
    successMessage: "Thank you for your message! We'll be in touch soon.",
    nextSteps: (values) => [
      `We check whether ${values.university} already uses GrantBridge.`,
      `We e-mail ${values.email}, usually within one business day: with a sign-up link if it does, or to plan onboarding with your research office if not.`,
      'Once your account is ready, you set up your research profile and GrantBridge starts matching grants and collaborators.',
    ],
    failureToast: { duration: 5000, position: 'bottom-center' },
  });

  return (
    <LeadFormFrame
      lead={lead}
      label="Get started form"
      submitLabel="Get Started"
      sendingLabel="Sending..."
      sentTitle="Request received"
      anotherLabel="Send another request"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <EmailField {...lead.field('email')} />
        <PhoneField {...lead.controlled('phone')} optional />
      </div>
      <UniversityField {...lead.controlled('university')} />
      <MessageField {...lead.field('message')} />
    </LeadFormFrame>
  );
}
