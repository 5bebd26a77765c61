// Message a person: a route-level part (messaging) that other features' pages
// offer beside a person (a profile, a recommendation).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { MessageSquare } from 'lucide-react';
import { paths } from '../../config/paths';
import { Button } from '../../components/ui/button';
import { createConversation } from '../../features/messaging/api/messaging-api';
import { useShellUser } from '../layouts/shell-context';

/** "Dr. Avery Castellano" → "Avery": the first name, past any honorific. */
function firstNameOf(name: string) {
  return name.split(/\s+/).find((w) => !/^(dr|prof|mr|mrs|ms|mx)\.?$/i.test(w)) ?? name;
}

/** Opens (or creates) the direct conversation with a person and goes to it, with the composer ready. */
export function MessageButton({ person, size }: { person: { id: string; name: string }; size?: 'sm' }) {
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
    <Button size={size} onClick={() => void open()} disabled={pending}>
      <MessageSquare className="size-4" aria-hidden="true" />
      Message {firstNameOf(person.name)}
    </Button>
  );
}
