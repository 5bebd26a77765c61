// Queries and changes of limited submissions (decision 061); a change refreshes
// the call, the office's list and the grant pages and search results that show the line.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  decidePreProposal,
  getLimitedCall,
  inviteReviewer,
  limitedKeys,
  listLimitedCalls,
  reviewPreProposal,
  submitPreProposal,
  withdrawPreProposal,
} from '../api/limited-submissions-api';
import type { SubmitPreProposalRequest, SubmitReviewRequest } from '@grantbridge/contract/limited-submissions';

export const useLimitedCalls = () => useQuery({ queryKey: limitedKeys.list, queryFn: ({ signal }) => listLimitedCalls(signal) });

export const useLimitedCall = (id: string) =>
  useQuery({ queryKey: limitedKeys.call(id), queryFn: ({ signal }) => getLimitedCall(id, signal) });

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: limitedKeys.all }),
      client.invalidateQueries({ queryKey: ['grants'] }),
      client.invalidateQueries({ queryKey: ['search'] }),
    ]);
}

export function useDecide(callId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { preProposalId: string; status: 'selected' | 'declined' }) => decidePreProposal(callId, v.preProposalId, v.status),
    onSettled: refresh,
  });
}

export function useInviteReviewer(callId: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (userId: string) => inviteReviewer(callId, userId), onSuccess: refresh });
}

export function useReview(callId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { preProposalId: string; body: SubmitReviewRequest }) => reviewPreProposal(callId, v.preProposalId, v.body),
    onSuccess: refresh,
  });
}

export function useSubmitPreProposal(callId: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: SubmitPreProposalRequest) => submitPreProposal(callId, body), onSuccess: refresh });
}

export function useWithdrawPreProposal(callId: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (preProposalId: string) => withdrawPreProposal(callId, preProposalId), onSuccess: refresh });
}
