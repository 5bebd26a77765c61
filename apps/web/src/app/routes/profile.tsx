// Profile pages (profile feature), with Message (messaging) and Invite to
// team (pipeline) on another researcher's page. The setup step is
// routes/setup.tsx.
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { InviteToTeamButton } from '../../features/pipeline/components/invite-to-team';
import { MyProfilePage, ResearcherPage } from '../../features/profile/components/profile-pages';
import { useShellUser } from '../layouts/shell-context';
import { MessageButton } from './message-button';

export function MyProfile() {
  return <MyProfilePage />;
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
