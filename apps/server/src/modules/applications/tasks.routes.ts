// The team's tasks on an application, and a person's tasks across their
// applications.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { addTask, changeTask, listTasks, removeTask } from './tasks';

const tags = ['pipeline'];

export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
