// The researcher home's routes: the stat view's figures and the remembered view.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { getDashboard, setHomeView } from './home.service';

const tags = ['home'];

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(
    app,
    endpoints.dashboard,
    {
      tags,
      summary: 'My home: the view I chose, my pipeline in figures (as My Grants counts them) and grants that fit me',
    },
    async (request) => getDashboard(app.db, requireUser(request), request.query.today),
  );
  bindEndpoint(
    app,
    endpoints.setHomeView,
    { tags, summary: 'Remember which view of my home I want: the feed or the stat view' },
    async (request) => setHomeView(app.db, requireUser(request), request.body.view),
  );
};
