import { paths } from '../../config/paths';
import { NotificationsPage } from '../../features/notifications/components/notifications-page';
import { useShellUser } from '../layouts/shell-context';

// The notification centre, in either area.
export function Component() {
  const area = useShellUser().role === 'admin' ? paths.admin : paths.researcher;
  return (
    <NotificationsPage
      selfPath={area.notifications}
      settingsPath={`${area.settings}#notifications`}
    />
  );
}
