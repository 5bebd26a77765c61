// Lead forms: each accepted request is stored and an e-mail to the sales
// inbox is queued in the same transaction.
import type { z } from 'zod';
import type {
  contactRequestSchema,
  demoRequestSchema,
  getStartedRequestSchema,
} from '@grantbridge/contract/leads';
import { withTransaction, type Db } from '../../db/client';
import { enqueueEmail } from '../../jobs/outbox';
import { insertContactRequest, insertDemoRequest } from './leads.repository';

type ContactInput = z.output<typeof contactRequestSchema>;
type GetStartedInput = z.output<typeof getStartedRequestSchema>;
type DemoInput = z.output<typeof demoRequestSchema>;

function lines(fields: Record<string, string | null | undefined>) {
  return Object.entries(fields)
    .map(([label, value]) => `${label}: ${value && value.length ? value : '(not given)'}`)
    .join('\n');
}

export async function submitContactRequest(
  db: Db,
  inbox: string,
  input: ContactInput | GetStartedInput,
  formType: 'contact' | 'get_started',
  ip: string | null,
) {
  const phone = 'phone' in input && input.phone ? input.phone : null;
  return withTransaction(db, async (t) => {
    const row = await insertContactRequest(t, {
      formType,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      university: input.university,
      phone,
      message: input.message,
      ip,
    });
    const heading = formType === 'contact' ? 'New Contact Form Submission' : 'New Get Started Request';
    await enqueueEmail(t, {
      to: inbox,
      replyTo: input.email,
      subject: `${heading}: ${input.firstName} ${input.lastName} (${input.university})`,
      text: `${heading}\n\n${lines({
        Name: `${input.firstName} ${input.lastName}`,
        Email: input.email,
        University: input.university,
        Phone: phone,
        'Request id': row.id,
      })}\n\nMessage:\n${input.message}\n`,
    });
    return row;
  });
}

export async function submitDemoRequest(db: Db, inbox: string, input: DemoInput, ip: string | null) {
  const preferred = input.preferredDate ? new Date(input.preferredDate) : null;
  return withTransaction(db, async (t) => {
    const row = await insertDemoRequest(t, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      university: input.university,
      phone: input.phone,
      role: input.role,
      preferredDate: preferred,
      message: input.message || null,
      ip,
    });
    await enqueueEmail(t, {
      to: inbox,
      replyTo: input.email,
      subject: `New Demo Request: ${input.firstName} ${input.lastName} (${input.university})`,
      text: `New Demo Request\n\n${lines({
        Name: `${input.firstName} ${input.lastName}`,
        Email: input.email,
        University: input.university,
        Phone: input.phone,
        Role: input.role,
        'Preferred time': input.preferredDate ?? null,
        'Request id': row.id,
      })}\n\nComments:\n${input.message || '(none)'}\n`,
    });
    return row;
  });
}
