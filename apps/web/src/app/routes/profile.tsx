// Profile pages (profile feature), with Message (messaging) and Invite to
// team (pipeline) on another researcher's page. The setup step is
// routes/setup.tsx.
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { CurrentPendingCard } from '../../features/current-pending/components/current-pending-card';
import { InviteToTeamButton } from '../../features/pipeline/components/invite-to-team';
import { MyProfilePage, ResearcherPage } from '../../features/profile/components/profile-pages';
import { useShellUser } from '../layouts/shell-context';
import { MessageButton } from './message-button';

/** My profile; a researcher's ends with Current and Pending Support (issue 29 §3). */
export function MyProfile() {
  const me = useShellUser();
  return (
    <MyProfilePage
      after={
        me.role === 'researcher' ? (
          <div className="mt-6">
            <CurrentPendingCard />
          </div>
        ) : null
      }
    />
  );
}

export function Researcher() {
  const { id = '' } = useParams();
  const me = useShellUser();
  return (
    <ResearcherPage
      key={id}
      id={id}
      actions={(person) => (
        <>
          <MessageButton person={person} />
          {/* Researchers build teams; the office does not lead applications. */}
          {me.role === 'researcher' && person.id !== me.id ? (
            <InviteToTeamButton person={person} applicationPath={paths.researcher.application} />
          ) : null}
        </>
      )}
    />
  );
}
