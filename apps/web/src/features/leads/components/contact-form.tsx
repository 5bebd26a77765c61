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
    failureToast: { duration: 5000, position: 'bottom-center' },
  });

  return (
    <LeadFormFrame
      lead={lead}
      label="Contact form"
      submitLabel="Send Message"
      sendingLabel="Sending..."
    >
      <EmailField {...lead.field('email')} />
      <UniversityField {...lead.controlled('university')} />
      <MessageField {...lead.field('message')} />
    </LeadFormFrame>
  );
}
