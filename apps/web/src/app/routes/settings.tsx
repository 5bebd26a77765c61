import { LoadingState } from '../../components/ui/loading-state';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';
import { useNotificationPreferences } from '../../features/notifications/hooks/use-notification-preferences';
import { SettingsPage } from '../../features/settings/components/settings-page';
import { SsoSettingsSection } from '../../features/settings/components/sso-settings';
import { useShellUser } from '../layouts/shell-context';

export function Component() {
  // The page is shown once the notification preferences are here (or failed):
  // the section growing as they arrived moved the password form under the
  // pointer of whoever was about to use it. The section reads the same cache.
  const preferences = useNotificationPreferences();
  const user = useShellUser();
  if (preferences.isPending) return <LoadingState label="Loading settings…" />;
  return (
    <SettingsPage
      user={user}
      sections={
        <>
          <NotificationSettings />
          {user.role === 'admin' ? <SsoSettingsSection /> : null}
        </>
      }
    />
  );
}
