// Invitations to join other people's application teams, answered where the
// researcher follows their pipeline. Shown only while some are waiting.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { acceptTeamInvitation, leaveTeam, teamKeys } from '../api/applications-api';
import { useTeamInvitations } from '../hooks/use-my-grants';
import { pipelineKeys } from '../api/pipeline-api';

export function TeamInvitations({ applicationPath }: { applicationPath: (id: string) => string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const invitations = useTeamInvitations();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.invitations });
    void queryClient.invalidateQueries({ queryKey: pipelineKeys.applications });
  };
  const accept = useMutation({
    mutationFn: acceptTeamInvitation,
    onSuccess: (application) => {
      settle();
      toast.success('You joined the team');
      navigate(applicationPath(application.id));
    },
    onError: (e) => toast.error(isApiError(e) ? e.message : 'The invitation could not be accepted. Please try again.'),
  });
  const decline = useMutation({
    mutationFn: leaveTeam,
    onSuccess: () => {
      settle();
      toast.success('Invitation declined');
    },
    onError: (e) => toast.error(isApiError(e) ? e.message : 'The invitation could not be declined. Please try again.'),
  });
  if (!invitations.data?.length) return null;
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="invitations-title">
      <h2 id="invitations-title" className="text-lg font-semibold text-slate-900">
        Team invitations
      </h2>
      <ul className="mt-3 space-y-3">
        {invitations.data.map((invitation) => (
          <li key={invitation.applicationId} className="rounded-xl border border-slate-200 p-4">
            <p className="font-semibold text-slate-900">{invitation.grant.title}</p>
            <p className="mt-1 text-sm text-slate-700">
              {invitation.pi.name} ({invitation.pi.institution}) invites you as{' '}
              {invitation.role === 'co_investigator' ? 'co-investigator' : 'contributor'}
              {invitation.sponsorDeadline ? ` · sponsor deadline ${formatDate(invitation.sponsorDeadline)}` : ''}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="sm"
                disabled={accept.isPending || decline.isPending}
                onClick={() => accept.mutate(invitation.applicationId)}
                aria-label={`Accept: ${invitation.grant.title}`}
              >
                Accept
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={accept.isPending || decline.isPending}
                onClick={() => decline.mutate(invitation.applicationId)}
                aria-label={`Decline: ${invitation.grant.title}`}
              >
                Decline
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
