import { MessagesPage } from '../../features/messaging/components/messages-page';
import { useShellUser } from '../layouts/shell-context';

export function Component() {
  return <MessagesPage user={useShellUser()} />;
}
