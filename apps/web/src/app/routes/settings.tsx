import { NotificationSettings } from '../../features/notifications/components/notification-settings';
import { SettingsPage } from '../../features/settings/components/settings-page';
import { useShellUser } from '../layouts/shell-context';

export function Component() {
  return <SettingsPage user={useShellUser()} sections={<NotificationSettings />} />;
}
