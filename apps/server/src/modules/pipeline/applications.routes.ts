// One application (read, stage changes, history) and the research office's
// queue and routing lead time.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { endpointSchema } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import {
  changeApplication,
  getApplication,
  getApplicationEvents,
  getInstitutionApplications,
  getInstitutionSettings,
  updateInstitutionSettings,
} from './applications.service';

const tags = ['pipeline'];
const adminOnly = { role: 'admin' as const };

export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    endpoints.application.path,
    {
      schema: endpointSchema(endpoints.application, {
        tags,
        summary: 'An application: its stage, deadlines, team, documents and tasks (PI, members, the office)',
      }),
    },
    async (request) => ({ application: await getApplication(app.db, requireUser(request), request.params.id) }),
  );
  app.patch(
    endpoints.updateApplication.path,
    {
      schema: endpointSchema(endpoints.updateApplication, {
        tags,
        summary: 'Move an application to its next stage, or change its amounts or internal deadline',
      }),
    },
    async (request) => ({
      application: await changeApplication(app.db, requireUser(request), request.params.id, request.body),
    }),
  );
  app.get(
    endpoints.applicationEvents.path,
    { schema: endpointSchema(endpoints.applicationEvents, { tags, summary: "An application's stage history" }) },
    async (request) => ({ events: await getApplicationEvents(app.db, requireUser(request), request.params.id) }),
  );
  app.get(
    endpoints.institutionApplications.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.institutionApplications, {
        tags,
        summary: "My institution's applications (the review queue: status=internal_review)",
      }),
    },
    async (request) => ({
      applications: await getInstitutionApplications(app.db, requireUser(request), request.query),
    }),
  );
  app.get(
    endpoints.institutionSettings.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.institutionSettings, { tags, summary: "My institution's pipeline settings" }),
    },
    async (request) => ({ institution: await getInstitutionSettings(app.db, requireUser(request)) }),
  );
  app.patch(
    endpoints.updateInstitutionSettings.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.updateInstitutionSettings, {
        tags,
        summary: 'Set the routing lead time: internal deadlines fall this many business days before the sponsor’s',
      }),
    },
    async (request) => ({
      institution: await updateInstitutionSettings(
        app.db,
        requireUser(request),
        request.body.internalDeadlineBusinessDays,
      ),
    }),
  );
};
