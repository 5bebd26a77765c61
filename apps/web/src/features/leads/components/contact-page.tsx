import { lazy } from 'react';
import { LeadPageLayout } from './lead-page-layout';

// The form and its validation (react-hook-form, zod) load after the page paints.
const ContactForm = lazy(() =>
  import('./contact-form').then((module) => ({ default: module.ContactForm })),
);

export function ContactPage() {
  return (
    <LeadPageLayout
      title="Contact Us"
      intro={
        <p>
          Questions about GrantBridge, your institution&rsquo;s account or a partnership? Send us a
          message and a member of our team will reply within one business day.
        </p>
      }
      points={[
        'Help for researchers and research administrators',
        'Questions about onboarding your institution',
        'Feedback on grant search and collaborator matching',
      ]}
    >
      <ContactForm />
    </LeadPageLayout>
  );
}
