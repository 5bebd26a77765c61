import { contactRequestSchema } from '@grantbridge/contract/leads';
import { createContactRequest } from '../api/submit-lead';
import { useLeadForm } from '../hooks/use-lead-form';
import { EmailField, LeadFormFrame, MessageField, UniversityField } from './lead-fields';

export function ContactForm() {
  const lead = useLeadForm({
    idPrefix: 'contact',
    schema: contactRequestSchema,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      university: '',
      message: '',
      website: '',
    },
    send: (values) => createContactRequest({ ...values, website: values.website ?? '' }),
    successMessage: "Thank you for your message! We'll be in touch soon.",
    nextSteps: (values) => [
      `Our team reads your message and replies by e-mail to ${values.email}, usually within one business day.`,
      'If it is about your institution’s account, we bring in the person who looks after it.',
    ],
    failureToast: { duration: 5000, position: 'bottom-center' },
  });

  return (
    <LeadFormFrame
      lead={lead}
      label="Contact form"
      submitLabel="Send Message"
      sendingLabel="Sending..."
      sentTitle="Message sent"
      anotherLabel="Send another message"
    >
      <EmailField {...lead.field('email')} />
      <UniversityField {...lead.controlled('university')} />
      <MessageField {...lead.field('message')} />
    </LeadFormFrame>
  );
}
