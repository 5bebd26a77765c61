import { lazy } from 'react';
import { LeadPageLayout } from './lead-page-layout';

// The form and its validation (react-hook-form, zod) load after the page paints.
const GetStartedForm = lazy(() =>
  import('./get-started-form').then((module) => ({ default: module.GetStartedForm })),
);

export function GetStartedPage() {
  return (
    <LeadPageLayout
      title="Get Started"
      intro={
        <p>
          Tell us about yourself and your institution. We will set up GrantBridge with your research
          office so your faculty can start finding grants and collaborators.
        </p>
      }
      points={[
        'Accounts for your research office and faculty',
        'The full federal grant catalogue, matched to research profiles',
        'Onboarding support from our team',
      ]}
    >
      <GetStartedForm />
    </LeadPageLayout>
  );
}
