// Profile pages (profile feature), with Message (messaging) and Invite to
// team (pipeline) on another researcher's page.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import toast from 'react-hot-toast';
import { MessageSquare } from 'lucide-react';
import type { Profile } from '@grantbridge/contract/profile';
import { paths } from '../../config/paths';
import { Button } from '../../components/ui/button';
import { createConversation } from '../../features/messaging/api/messaging-api';
import { InviteToTeamButton } from '../../features/pipeline/components/invite-to-team';
import { MyProfilePage, ResearcherPage, SetupPage } from '../../features/profile/components/profile-pages';
import { useShellUser } from '../layouts/shell-context';

function MessageButton({ person }: { person: Profile }) {
  const navigate = useNavigate();
  const me = useShellUser();
  const [pending, setPending] = useState(false);
  if (person.id === me.id) return null;
  const messagesPath = me.role === 'admin' ? paths.admin.messages : paths.researcher.messages;
  const open = async () => {
    setPending(true);
    try {
      const conversation = await createConversation({ type: 'direct', memberIds: [person.id] });
      await navigate(`${messagesPath}?c=${encodeURIComponent(conversation.id)}`);
    } catch {
      toast.error('The conversation could not be opened. Please try again.');
      setPending(false);
    }
  };
  return (
    <Button onClick={() => void open()} disabled={pending}>
      <MessageSquare className="size-4" aria-hidden="true" />
      Message {person.name.split(' ')[0]}
    </Button>
  );
}

export function MyProfile() {
  return <MyProfilePage />;
}

export function Setup() {
  return <SetupPage homePath={paths.researcher.search} />;
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
