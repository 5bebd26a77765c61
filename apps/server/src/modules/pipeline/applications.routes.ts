// One application (read, stage changes, history, its team) and the research
// office's queue and routing lead time.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
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

  bindEndpoint(
    app,
    endpoints.addApplicationMember,
    { tags, summary: 'Invite a researcher of any onboarded institution to the team (the PI)' },
    async (request, reply) => {
      const user = requireUser(request);
      const { member } = await inviteMember(app.db, user, request.params.id, request.body);
      return reply.status(201).send({ member });
    },
  );
  bindEndpoint(
    app,
    endpoints.acceptTeamInvitation,
    { tags, summary: 'Accept my invitation to the team' },
    async (request) => {
      const application = await acceptInvitation(app.db, app.realtime, requireUser(request), request.params.id);
      return { application };
    },
  );
  bindEndpoint(
    app,
    endpoints.leaveApplicationTeam,
    { tags, summary: 'Decline my invitation to the team, or leave it' },
    async (request, reply) => {
      await leaveTeam(app.db, app.realtime, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  bindEndpoint(
    app,
    endpoints.removeApplicationMember,
    { tags, summary: 'Remove a member (the PI)' },
    async (request, reply) => {
      await removeMember(app.db, app.realtime, requireUser(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
  bindEndpoint(
    app,
    endpoints.teamInvitations,
    { tags, summary: 'Team invitations waiting for my answer' },
    async (request) => ({ invitations: await getTeamInvitations(app.db, requireUser(request)) }),
  );

  bindEndpoint(
    app,
    endpoints.addTask,
    { tags, summary: 'Add a task, maybe assigned to someone on the team (the team)' },
    async (request, reply) => {
      const user = requireUser(request);
      const task = await addTask(app.db, user, request.params.id, request.body);
      return reply.status(201).send({ task });
    },
  );
  bindEndpoint(
    app,
    endpoints.updateTask,
    { tags, summary: 'Tick off, reopen, rename, reschedule, reprioritise or reassign a task (the team)' },
    async (request) => {
      const user = requireUser(request);
      const { task } = await changeTask(app.db, user, request.params.id, request.body);
      return { task };
    },
  );
  bindEndpoint(
    app,
    endpoints.deleteTask,
    { tags, summary: 'Remove a task (the team)' },
    async (request, reply) => {
      await removeTask(app.db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  bindEndpoint(
    app,
    endpoints.tasks,
    {
      tags,
      summary: 'My tasks across my applications (assignee=me: assigned to me; status=pending|completed)',
    },
    async (request) => ({ tasks: await listTasks(app.db, requireUser(request), request.query) }),
  );

  bindEndpoint(
    app,
    endpoints.createCalendarFeed,
    {
      tags,
      summary: 'A new secret address of my deadlines as a calendar feed (the one before stops working)',
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (request, reply) => reply.status(201).send({ url: await newFeedUrl(app.db, app.config, requireUser(request)) }),
  );
  bindEndpoint(
    app,
    endpoints.calendarFeed,
    {
      tags,
      summary: 'My deadlines as an iCalendar feed (text/calendar)',
      config: { public: true, rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const ics = await feedFor(app.db, app.config, request.params.token);
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(ics);
    },
  );
  bindEndpoint(
    app,
    endpoints.applicationDeadlineEvent,
    { tags, summary: "One of an application's deadlines as a calendar event to download (text/calendar)" },
    async (request, reply) => {
      const ics = await deadlineEvent(app.db, app.config, requireUser(request), request.params.id, request.query.deadline);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.query.deadline}-deadline.ics"`)
        .send(ics);
    },
  );
};
