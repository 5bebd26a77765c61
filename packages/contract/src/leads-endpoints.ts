// The endpoint table's entries for the public site's contact, get-started and demo forms.
// Spread into `endpoints` (endpoints.ts).
import { contactRequestSchema, demoRequestSchema, getStartedRequestSchema, leadCreatedResponseSchema } from './leads';

const created = [201] as const;

export const leadEndpoints = {
  contactRequest: {
    method: 'POST',
    path: '/api/v1/contact-requests',
    body: contactRequestSchema,
    response: leadCreatedResponseSchema,
    statuses: created,
  },
  getStartedRequest: {
    method: 'POST',
    path: '/api/v1/get-started',
    body: getStartedRequestSchema,
    response: leadCreatedResponseSchema,
    statuses: created,
  },
  demoRequest: {
    method: 'POST',
    path: '/api/v1/demo-requests',
    body: demoRequestSchema,
    response: leadCreatedResponseSchema,
    statuses: created,
  },
} as const;
