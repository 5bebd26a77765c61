// The grant page's data (both roles) and its "More like this".
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import { getGrantDetail, type ViewerStateOf } from './grants.service';
import { similarGrants } from './similar-grants';

export type GrantsRoutesOptions = {
  /**
   * What the viewer has done with a grant, from the applications module. Passed in
   * where the app is assembled: applications reads grants, so the grants
   * module does not import it back.
   */
  viewerStateOf: ViewerStateOf;
};

export const grantsRoutes: FastifyPluginAsyncZod<GrantsRoutesOptions> = async (app, { viewerStateOf }) => {
  bindEndpoint(
    app,
    endpoints.grant,
    { tags: ['grants'], summary: 'One grant as the grant page shows it' },
    async (request) => ({
      grant: await getGrantDetail(app.db, requireUser(request), request.params.id, viewerStateOf),
    }),
  );
  bindEndpoint(
    app,
    endpoints.similarGrants,
    { tags: ['grants'], summary: "A grant's nearest grants (More like this), each with why" },
    async (request) => {
      requireUser(request);
      return { similar: await similarGrants(app.db, request.params.id, request.query) };
    },
  );
};
