// One application (read, stage changes, history, its team) and the research
// office's queue and routing lead time.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { endpointSchema } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import {
  changeApplication,
  getApplication,
  getApplicationEvents,
  getInstitutionApplications,
  getPartneredApplications,
  getInstitutionSettings,
  updateInstitutionSettings,
} from './applications.service';
import { acceptInvitation, getTeamInvitations, inviteMember, leaveTeam, removeMember } from './team.service';
import { addTask, changeTask, listTasks, removeTask } from './tasks';
import { deadlineEvent, feedFor, newFeedUrl } from './calendar';

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
    async (request) => {
      const user = requireUser(request);
      const { application } = await changeApplication(app.db, user, request.params.id, request.body);
      return { application };
    },
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
        summary: "My institution's applications, a page at a time (the review queue: status=internal_review)",
      }),
    },
    async (request) => getInstitutionApplications(app.db, requireUser(request), request.query),
  );
  app.get(
    endpoints.partneredApplications.path,
    {
      config: adminOnly,
      schema: endpointSchema(endpoints.partneredApplications, {
        tags,
        summary: "Other institutions' applications my researchers have joined (who and where it stands, not its contents)",
      }),
    },
    async (request) => ({ applications: await getPartneredApplications(app.db, requireUser(request)) }),
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

  app.post(
    endpoints.addApplicationMember.path,
    {
      schema: endpointSchema(endpoints.addApplicationMember, {
        tags,
        summary: 'Invite a researcher of any onboarded institution to the team (the PI)',
      }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { member } = await inviteMember(app.db, user, request.params.id, request.body);
      return reply.status(201).send({ member });
    },
  );
  app.post(
    endpoints.acceptTeamInvitation.path,
    { schema: endpointSchema(endpoints.acceptTeamInvitation, { tags, summary: 'Accept my invitation to the team' }) },
    async (request) => {
      const application = await acceptInvitation(app.db, app.realtime, requireUser(request), request.params.id);
      return { application };
    },
  );
  app.delete(
    endpoints.leaveApplicationTeam.path,
    {
      schema: endpointSchema(endpoints.leaveApplicationTeam, {
        tags,
        summary: 'Decline my invitation to the team, or leave it',
      }),
    },
    async (request, reply) => {
      await leaveTeam(app.db, app.realtime, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    endpoints.removeApplicationMember.path,
    { schema: endpointSchema(endpoints.removeApplicationMember, { tags, summary: 'Remove a member (the PI)' }) },
    async (request, reply) => {
      await removeMember(app.db, app.realtime, requireUser(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
  app.get(
    endpoints.teamInvitations.path,
    { schema: endpointSchema(endpoints.teamInvitations, { tags, summary: 'Team invitations waiting for my answer' }) },
    async (request) => ({ invitations: await getTeamInvitations(app.db, requireUser(request)) }),
  );

  app.post(
    endpoints.addTask.path,
    { schema: endpointSchema(endpoints.addTask, { tags, summary: 'Add a task, maybe assigned to someone on the team (the team)' }) },
    async (request, reply) => {
      const user = requireUser(request);
      const task = await addTask(app.db, user, request.params.id, request.body);
      return reply.status(201).send({ task });
    },
  );
  app.patch(
    endpoints.updateTask.path,
    {
      schema: endpointSchema(endpoints.updateTask, {
        tags,
        summary: 'Tick off, reopen, rename, reschedule, reprioritise or reassign a task (the team)',
      }),
    },
    async (request) => {
      const user = requireUser(request);
      const { task } = await changeTask(app.db, user, request.params.id, request.body);
      return { task };
    },
  );
  app.delete(
    endpoints.deleteTask.path,
    { schema: endpointSchema(endpoints.deleteTask, { tags, summary: 'Remove a task (the team)' }) },
    async (request, reply) => {
      await removeTask(app.db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    endpoints.tasks.path,
    {
      schema: endpointSchema(endpoints.tasks, {
        tags,
        summary: 'My tasks across my applications (assignee=me: assigned to me; status=pending|completed)',
      }),
    },
    async (request) => ({ tasks: await listTasks(app.db, requireUser(request), request.query) }),
  );

  app.post(
    endpoints.createCalendarFeed.path,
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: endpointSchema(endpoints.createCalendarFeed, {
        tags,
        summary: 'A new secret address of my deadlines as a calendar feed (the one before stops working)',
      }),
    },
    async (request, reply) => reply.status(201).send({ url: await newFeedUrl(app.db, app.config, requireUser(request)) }),
  );
  app.get(
    endpoints.calendarFeed.path,
    {
      // Calendar programs fetch it without a session: the secret in the address is the key.
      config: { public: true, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: endpointSchema(endpoints.calendarFeed, { tags, summary: 'My deadlines as an iCalendar feed (text/calendar)' }),
    },
    async (request, reply) => {
      const ics = await feedFor(app.db, app.config, request.params.token);
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(ics);
    },
  );
  app.get(
    endpoints.applicationDeadlineEvent.path,
    {
      schema: endpointSchema(endpoints.applicationDeadlineEvent, {
        tags,
        summary: "One of an application's deadlines as a calendar event to download (text/calendar)",
      }),
    },
    async (request, reply) => {
      const ics = await deadlineEvent(app.db, app.config, requireUser(request), request.params.id, request.query.deadline);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.query.deadline}-deadline.ics"`)
        .send(ics);
    },
  );
};
