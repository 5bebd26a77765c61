import type { EndpointResponse } from '@grantbridge/contract/endpoints';
import type {
  ContactRequestInput,
  DemoRequestInput,
  GetStartedRequestInput,
} from '@grantbridge/contract/leads';
import { api } from '../../../lib/api-client';

type LeadCreated = EndpointResponse<'contactRequest'>;

export function createContactRequest(body: ContactRequestInput): Promise<LeadCreated> {
  return api.call('POST /api/v1/contact-requests', { body });
}

export function createGetStartedRequest(body: GetStartedRequestInput): Promise<LeadCreated> {
  return api.call('POST /api/v1/get-started', { body });
}

export function createDemoRequest(body: DemoRequestInput): Promise<LeadCreated> {
  return api.call('POST /api/v1/demo-requests', { body });
}
