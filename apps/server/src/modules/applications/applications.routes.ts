// The applications module's routes: my bookmarks and Apply Now, my
// applications, one application (read, stage changes, history), and the
// research office's queue and routing lead time. Tasks and calendars have
// their own routes files; app.ts registers the team's between these and
// them, so the API document lists the routes in the order it always did.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import {
  changeApplication,
  getApplication,
  getApplicationEvents,
  getInstitutionSettings,
  updateInstitutionSettings,
} from './applications.service';
import { getInstitutionApplications, getMyApplications, getPartneredApplications } from './application-lists';
import { listSavedGrants, setBookmark, startApplication } from './my-grants';

const tags = ['pipeline'];
const adminOnly = { role: 'admin' as const };

export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(
    app,
    endpoints.bookmarkGrant,
    { tags, summary: 'Bookmark a grant' },
    async (request) => setBookmark(app.db, requireUser(request).id, request.params.id, true),
  );
  bindEndpoint(
    app,
    endpoints.unbookmarkGrant,
    { tags, summary: 'Remove a bookmark' },
    async (request) => setBookmark(app.db, requireUser(request).id, request.params.id, false),
  );
  bindEndpoint(
    app,
    endpoints.savedGrants,
    { tags, summary: 'My bookmarked grants' },
    async (request) => ({ grants: await listSavedGrants(app.db, requireUser(request).id) }),
  );
  bindEndpoint(
    app,
    endpoints.startApplication,
    {
      tags,
      summary: 'Start an application (Apply Now); returns the existing one if already started',
    },
    async (request, reply) => {
      const result = await startApplication(app.db, requireUser(request), request.body.grantId);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );
  bindEndpoint(
    app,
    endpoints.applications,
    { tags, summary: 'My applications: those I lead and those I am an active team member of' },
    async (request) => ({ applications: await getMyApplications(app.db, requireUser(request)) }),
  );

  bindEndpoint(
    app,
    endpoints.application,
    {
      tags,
      summary: 'An application: its stage, deadlines, team, documents and tasks (PI, members, the office)',
    },
    async (request) => ({ application: await getApplication(app.db, requireUser(request), request.params.id) }),
  );
  bindEndpoint(
    app,
    endpoints.updateApplication,
    { tags, summary: 'Move an application to its next stage, or change its amounts or internal deadline' },
    async (request) => {
      const user = requireUser(request);
      const { application } = await changeApplication(app.db, user, request.params.id, request.body);
      return { application };
    },
  );
  bindEndpoint(
    app,
    endpoints.applicationEvents,
    { tags, summary: "An application's stage history" },
    async (request) => ({ events: await getApplicationEvents(app.db, requireUser(request), request.params.id) }),
  );
  bindEndpoint(
    app,
    endpoints.institutionApplications,
    {
      tags,
      summary: "My institution's applications, a page at a time (the review queue: status=internal_review)",
      config: adminOnly,
    },
    async (request) => getInstitutionApplications(app.db, requireUser(request), request.query),
  );
  bindEndpoint(
    app,
    endpoints.partneredApplications,
    {
      tags,
      summary: "Other institutions' applications my researchers have joined (who and where it stands, not its contents)",
      config: adminOnly,
    },
    async (request) => ({ applications: await getPartneredApplications(app.db, requireUser(request)) }),
  );
  bindEndpoint(
    app,
    endpoints.institutionSettings,
    { tags, summary: "My institution's pipeline settings", config: adminOnly },
    async (request) => ({ institution: await getInstitutionSettings(app.db, requireUser(request)) }),
  );
  bindEndpoint(
    app,
    endpoints.updateInstitutionSettings,
    {
      tags,
      summary: 'Set the routing lead time: internal deadlines fall this many business days before the sponsor’s',
      config: adminOnly,
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
