// The application's team: who is on it and invited, the PI's invitations
// (researchers of any onboarded institution) and removals, a member's Leave,
// and the team's conversation.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { MessagesSquare, UserPlus } from 'lucide-react';
import type { ApplicationDetail } from '@grantbridge/contract/pipeline';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ResearcherCombobox, useResearcherPicker } from '../../../components/researcher-picker';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { applicationKeys, inviteToTeam, leaveTeam, removeFromTeam } from '../api/applications-api';
import { pipelineKeys } from '../api/pipeline-api';

const roleNames = { pi: 'PI', co_investigator: 'Co-investigator', contributor: 'Contributor' } as const;

type Paths = { person: (id: string) => string; conversation?: (id: string) => string; leaveTo: string };

/** `extra` goes below the team (the app layer puts each member's role and person-months there). */
export function TeamSection({ application, paths, extra }: { application: ApplicationDetail; paths: Paths; extra?: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [inviting, setInviting] = useState(false);
  const { role } = application.viewer;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(application.id) });
  const remove = useMutation({
    mutationFn: (userId: string) => removeFromTeam(application.id, userId),
    onSuccess: () => {
      toast.success('Removed from the team');
      refresh();
    },
    onError: (e) => toast.error(isApiError(e) ? e.message : 'They could not be removed. Please try again.'),
  });
  const leave = useMutation({
    mutationFn: () => leaveTeam(application.id),
    onSuccess: () => {
      toast.success('You left the team');
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.applications });
      navigate(paths.leaveTo);
    },
    onError: (e) => toast.error(isApiError(e) ? e.message : 'You could not leave the team. Please try again.'),
  });
  return (
    <div>
      <ul className="space-y-3">
        {application.members.map((member) => (
          <li key={member.userId} className="text-sm">
            <Link className="font-medium text-brand-900 hover:underline" to={paths.person(member.userId)}>
              {member.name}
            </Link>
            <span className="block text-slate-700">
              {roleNames[member.role]} · {member.institution.name}
              {member.status === 'pending' ? ' · invited' : ''}
            </span>
            {role === 'pi' && member.role !== 'pi' ? (
              <Button
                variant="ghost"
                size="sm"
                className="-ml-2"
                disabled={remove.isPending}
                aria-label={`Remove ${member.name} from the team`}
                onClick={() => {
                  if (window.confirm(`Remove ${member.name} from the team? They will no longer see this application.`)) {
                    remove.mutate(member.userId);
                  }
                }}
              >
                Remove
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        {role === 'pi' ? (
          <Button size="sm" variant="secondary" onClick={() => setInviting(true)}>
            <UserPlus className="size-4" aria-hidden="true" />
            Invite to team
          </Button>
        ) : null}
        {application.teamConversationId && paths.conversation && role !== 'admin' ? (
          <Link to={paths.conversation(application.teamConversationId)} className={buttonClasses('secondary', 'sm')}>
            <MessagesSquare className="size-4" aria-hidden="true" />
            Team chat
          </Link>
        ) : null}
        {role === 'member' ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={leave.isPending}
            onClick={() => {
              if (window.confirm('Leave this team? You will no longer see the application or its chat.')) leave.mutate();
            }}
          >
            Leave team
          </Button>
        ) : null}
      </div>
      {extra}
      {inviting ? <InviteDialog application={application} onClose={() => setInviting(false)} onInvited={refresh} /> : null}
    </div>
  );
}

function InviteDialog({ application, onClose, onInvited }: { application: ApplicationDetail; onClose: () => void; onInvited: () => void }) {
  const picker = useResearcherPicker({ exclude: application.members.map((m) => m.userId), debounceMs: 200 });
  const [role, setRole] = useState<'co_investigator' | 'contributor'>('co_investigator');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (userId: string) => inviteToTeam(application.id, userId, role),
    onSuccess: (member) => {
      toast.success(`${member.name} is invited to the team`);
      onInvited();
      onClose();
    },
    onError: (e) => setError(isApiError(e) ? e.message : 'The invitation could not be sent. Please try again.'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!picker.chosenId) return setError('Choose a researcher from the list');
    setError(undefined);
    send.mutate(picker.chosenId);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Invite to team"
      description="Researchers of any institution on GrantBridge. They see the application once they accept."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field id="team-person" label="Researcher" required error={error}>
          {(aria) => <ResearcherCombobox picker={picker} aria={aria} onEdit={() => setError(undefined)} detailed />}
        </Field>
        <Field id="team-role" label="Role">
          {(aria) => (
            <Select value={role} onChange={(e) => setRole(e.target.value as typeof role)} {...aria}>
              <option value="co_investigator">Co-investigator</option>
              <option value="contributor">Contributor</option>
            </Select>
          )}
        </Field>
        <DialogActions>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
