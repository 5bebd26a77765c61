import { demoRequestSchema, demoRoles } from '@grantbridge/contract/leads';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { formatDateTime } from '../../../lib/format';
import { createDemoRequest } from '../api/submit-lead';
import { useLeadForm } from '../hooks/use-lead-form';
import {
  EmailField,
  LeadFormFrame,
  MessageField,
  PhoneField,
  UniversityField,
} from './lead-fields';

/** Earliest choosable slot: now, in the local `YYYY-MM-DDTHH:mm` the input expects. */
function localNow(): string {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset());
  return now.toISOString().slice(0, 16);
}

export function DemoRequestForm() {
  const lead = useLeadForm({
    idPrefix: 'demo',
    schema: demoRequestSchema,
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
    send: (values) =>
      createDemoRequest({
        ...values,
        // The picker gives local wall-clock time; send an unambiguous instant.
        preferredDate: values.preferredDate ? new Date(values.preferredDate).toISOString() : '',
        message: values.message ?? '',
        website: values.website ?? '',
      }),
    successMessage:
      "Thank you for requesting a demo! We'll be in touch shortly to schedule your session.",
    nextSteps: (values) => [
      values.preferredDate
        ? `We e-mail ${values.email} to confirm your preferred time, ${formatDateTime(values.preferredDate)}, or offer the nearest one free.`
        : `We e-mail ${values.email} with times for your session.`,
      'The demo is a 30-minute video call, tailored to your role, with live search of the current federal grant catalogue.',
      'Bring your questions on onboarding, security and pricing.',
    ],
  });
  const role = lead.field('role');
  const preferredDate = lead.field('preferredDate');

  return (
    <LeadFormFrame
      lead={lead}
      label="Demo request form"
      submitLabel="Request Demo"
      sendingLabel="Submitting..."
      sentTitle="Demo requested"
      anotherLabel="Request another demo"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <EmailField {...lead.field('email')} />
        <PhoneField {...lead.controlled('phone')} />
      </div>
      <UniversityField {...lead.controlled('university')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={role.id} label="Role" required error={role.error}>
          {(aria) => (
            <Select defaultValue="" {...aria} {...role.registration}>
              <option value="" disabled>
                Select your role
              </option>
              {demoRoles.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id={preferredDate.id}
          label="Preferred date and time"
          optional
          error={preferredDate.error}
        >
          {(aria) => (
            <Input
              type="datetime-local"
              min={localNow()}
              {...aria}
              {...preferredDate.registration}
            />
          )}
        </Field>
      </div>
      <MessageField {...lead.field('message')} label="Comments" optional rows={4} />
    </LeadFormFrame>
  );
}
