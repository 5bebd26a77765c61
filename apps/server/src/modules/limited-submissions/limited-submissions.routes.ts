// Limited submissions' routes (decision 061): the office's calls, reviewers
// and decisions (administrators only), the call's review page (the office and
// invited reviewers), and the researcher's pre-proposals and grant line.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@grantbridge/contract/endpoints';
import { maxPreProposalPdfBytes, maxPreProposalPdfs } from '@grantbridge/contract/limited-submissions';
import { bindEndpoint } from '../../lib/endpoint-schema';
import { requireUser } from '../../plugins/session';
import {
  createCall,
  decidePreProposal,
  getCall,
  grantLimitedSubmission,
  inviteReviewer,
  listCalls,
  openPreProposalFile,
  reviewPreProposal,
  submitPreProposal,
  withdrawPreProposal,
} from './limited-submissions.service';

const tags = ['limited submissions'];
const adminOnly = { role: 'admin' as const };
/** Two PDFs of 5 MB as base64, the abstract and the JSON around them. */
const preProposalBodyLimit = Math.ceil((maxPreProposalPdfBytes * maxPreProposalPdfs * 4) / 3) + 256 * 1024;

/** A filename for Content-Disposition: ASCII fallback and the UTF-8 original (RFC 6266). */
function disposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const limitedSubmissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  bindEndpoint(app, endpoints.limitedCalls, { tags, summary: "The institution's limited calls", config: adminOnly }, async (request) =>
    listCalls(app.db, requireUser(request)),
  );
  bindEndpoint(
    app,
    endpoints.createLimitedCall,
    { tags, summary: 'Mark a grant as limited: a cap per institution and an internal pre-proposal deadline', config: adminOnly },
    async (request, reply) => reply.status(201).send(await createCall(app.db, requireUser(request), request.body)),
  );
  bindEndpoint(
    app,
    endpoints.limitedCall,
    { tags, summary: 'One limited call with its pre-proposals and reviews (the office and invited reviewers)' },
    async (request) => getCall(app.db, requireUser(request), request.params.id),
  );
  bindEndpoint(
    app,
    endpoints.inviteLimitedReviewer,
    { tags, summary: 'Invite a researcher of the institution to review the pre-proposals', config: adminOnly },
    async (request, reply) => reply.status(201).send(await inviteReviewer(app.db, requireUser(request), request.params.id, request.body.userId)),
  );
  bindEndpoint(
    app,
    endpoints.decidePreProposal,
    { tags, summary: 'Select (up to the cap) or decline a pre-proposal; selecting starts its application', config: adminOnly },
    async (request) =>
      decidePreProposal(app.db, requireUser(request), request.params.id, request.params.preProposalId, request.body.status),
  );
  bindEndpoint(
    app,
    endpoints.submitPreProposal,
    { tags, summary: 'Send a pre-proposal: an abstract and up to two PDFs (base64)', bodyLimit: preProposalBodyLimit },
    async (request, reply) => reply.status(201).send(await submitPreProposal(app.db, requireUser(request), request.params.id, request.body)),
  );
  bindEndpoint(app, endpoints.withdrawPreProposal, { tags, summary: 'Withdraw my pre-proposal' }, async (request) =>
    withdrawPreProposal(app.db, requireUser(request), request.params.id, request.params.preProposalId),
  );
  bindEndpoint(
    app,
    endpoints.reviewPreProposal,
    { tags, summary: "A reviewer's score and comment, or a declared conflict of interest" },
    async (request) => reviewPreProposal(app.db, requireUser(request), request.params.id, request.params.preProposalId, request.body),
  );
  bindEndpoint(app, endpoints.preProposalFile, { tags, summary: "One of a pre-proposal's PDFs" }, async (request, reply) => {
    const { id, preProposalId, fileId } = request.params;
    const file = await openPreProposalFile(app.db, requireUser(request), id, preProposalId, fileId);
    return reply
      .type('application/pdf')
      .header('content-disposition', disposition(file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.data);
  });
  bindEndpoint(
    app,
    endpoints.grantLimitedSubmission,
    { tags, summary: "The grant's limited call at my institution, as the grant page says it" },
    async (request) => grantLimitedSubmission(app.db, requireUser(request), request.params.id),
  );
};
