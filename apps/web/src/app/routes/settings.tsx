import { SettingsPage } from '../../features/settings/components/settings-page';
import { useShellUser } from '../layouts/shell-context';

export function Component() {
  return <SettingsPage user={useShellUser()} />;
}
