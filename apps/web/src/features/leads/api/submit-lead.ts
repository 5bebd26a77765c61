import type { z } from 'zod';
import type {
  ContactRequestInput,
  DemoRequestInput,
  GetStartedRequestInput,
  leadCreatedResponseSchema,
} from '@grantbridge/contract/leads';
import { apiPaths } from '@grantbridge/contract/paths';
import { api } from '../../../lib/api-client';

type LeadCreated = z.infer<typeof leadCreatedResponseSchema>;

export function createContactRequest(body: ContactRequestInput): Promise<LeadCreated> {
  return api.post<LeadCreated>(apiPaths.contactRequests, body);
}

export function createGetStartedRequest(body: GetStartedRequestInput): Promise<LeadCreated> {
  return api.post<LeadCreated>(apiPaths.getStarted, body);
}

export function createDemoRequest(body: DemoRequestInput): Promise<LeadCreated> {
  return api.post<LeadCreated>(apiPaths.demoRequests, body);
}
