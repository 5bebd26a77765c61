// "Invite to team" where a researcher finds a partner: on their profile (to
// one of the viewer's applications in progress) and in a grant's collaborator
// suggestions (to the viewer's application for that grant, started on the way
// if there is none yet).
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Check, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { applicationKeys, getApplication, inviteToTeam } from '../api/applications-api';
import { pipelineKeys, startApplication } from '../api/pipeline-api';
import { useApplications } from '../hooks/use-my-grants';
import { inProgressStages } from '../utils/application-status';

type Props = {
  person: { id: string; name: string };
  /** The grant whose application the person joins; without it the viewer picks one of theirs. */
  grantId?: string;
  applicationPath: (id: string) => string;
};

/** Whether the person is already on (or invited to) the team of the viewer's application for the grant. */
function useTeamStanding(personId: string, grantId: string | undefined) {
  const applications = useApplications();
  const forGrant = grantId
    ? applications.data?.find((a) => a.grantId === grantId && a.role === 'pi' && inProgressStages.includes(a.status))
    : undefined;
  const application = useQuery({
    queryKey: applicationKeys.detail(forGrant?.id ?? ''),
    queryFn: ({ signal }) => getApplication(forGrant!.id, signal),
    enabled: Boolean(forGrant),
  });
  return forGrant ? application.data?.members.find((m) => m.userId === personId)?.status : undefined;
}

export function InviteToTeamButton({ person, grantId, applicationPath }: Props) {
  const [open, setOpen] = useState(false);
  const [justInvited, setJustInvited] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const standing = useTeamStanding(person.id, grantId) ?? (justInvited ? 'pending' : undefined);
  return (
    <>
      {/* The same button stays (so focus stays on it after the dialog) and says where the person stands. */}
      <Button
        ref={button}
        variant="secondary"
        aria-disabled={standing ? true : undefined}
        onClick={standing ? undefined : () => setOpen(true)}
        className={standing ? 'border-emerald-300 bg-emerald-50 text-emerald-900 hover:bg-emerald-50' : undefined}
      >
        {standing ? <Check className="size-4" aria-hidden="true" /> : <UserPlus className="size-4" aria-hidden="true" />}
        {standing === 'active' ? 'On your team' : standing === 'pending' ? 'Invited to your team' : 'Invite to team'}
      </Button>
      {open ? (
        <InviteDialog
          person={person}
          grantId={grantId}
          applicationPath={applicationPath}
          onClose={() => setOpen(false)}
          onInvited={() => {
            setJustInvited(true);
            // Back on the button that now says "Invited" (inside another dialog, focus would land on that dialog).
            setTimeout(() => button.current?.focus());
          }}
        />
      ) : null}
    </>
  );
}

function InviteDialog({
  person,
  grantId,
  applicationPath,
  onClose,
  onInvited,
}: Props & { onClose: () => void; onInvited: () => void }) {
  const queryClient = useQueryClient();
  const applications = useApplications();
  const mine = (applications.data ?? []).filter((a) => a.role === 'pi' && inProgressStages.includes(a.status));
  const forGrant = grantId ? mine.find((a) => a.grantId === grantId) : undefined;
  const [chosen, setChosen] = useState('');
  const [role, setRole] = useState<'co_investigator' | 'contributor'>('co_investigator');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const target = grantId ? forGrant?.id : chosen || mine[0]?.id;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      let id = target;
      // From a grant's suggestions with no application yet: start it, then invite.
      if (!id && grantId) id = (await startApplication(grantId)).application.id;
      if (!id) throw new Error('no application');
      await inviteToTeam(id, person.id, role);
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.applications });
      void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(id) });
      toast.success(`${person.name} is invited to the team`);
      onInvited();
      onClose();
    } catch (e) {
      const message = isApiError(e) ? e.message : 'The invitation could not be sent. Please try again.';
      setError(message);
      toast.error(message);
    } finally {
      setPending(false);
    }
  };

  const noApplication = !grantId && applications.isSuccess && mine.length === 0;
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={`Invite ${person.name} to a team`}
      description="They see the application once they accept, and join its team chat."
    >
      {noApplication ? (
        <p className="text-sm text-slate-700">
          You lead no application in progress. Open a grant and press Apply Now, then invite {person.name} from there.
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          {grantId ? (
            <p className="text-sm text-slate-700">
              {forGrant ? (
                <>
                  To your application for{' '}
                  <Link className="font-medium text-brand-900 hover:underline" to={applicationPath(forGrant.id)}>
                    {forGrant.grantTitle}
                  </Link>
                  .
                </>
              ) : (
                'This starts your application for this grant, with them invited to its team.'
              )}
            </p>
          ) : (
            <Field id="invite-application" label="Application">
              {(aria) => (
                <Select value={chosen || mine[0]?.id || ''} onChange={(e) => setChosen(e.target.value)} {...aria}>
                  {mine.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.grantTitle}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          <Field id="invite-role" label="Role" error={error}>
            {(aria) => (
              <Select value={role} onChange={(e) => setRole(e.target.value as typeof role)} {...aria}>
                <option value="co_investigator">Co-investigator</option>
                <option value="contributor">Contributor</option>
              </Select>
            )}
          </Field>
          <DialogActions>
            <Button type="submit" disabled={pending || applications.isPending}>
              {pending ? 'Sending…' : 'Send invitation'}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
