import { lazy } from 'react';
import { LeadPageLayout } from './lead-page-layout';

// The form and its validation (react-hook-form, zod) load after the page paints.
const DemoRequestForm = lazy(() =>
  import('./demo-request-form').then((module) => ({ default: module.DemoRequestForm })),
);

export function RequestDemoPage() {
  return (
    <LeadPageLayout
      title="Request a Demo"
      intro={
        <p>
          See GrantBridge with your own research areas. Pick a time that suits you and we will walk
          you through grant search, collaborator matching and the application pipeline.
        </p>
      }
      points={[
        'A 30-minute walkthrough tailored to your role',
        'Live search of the current federal grant catalogue',
        'Answers on onboarding, security and pricing',
      ]}
    >
      <DemoRequestForm />
    </LeadPageLayout>
  );
}
