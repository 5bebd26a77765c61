import { Outlet, useLocation } from 'react-router';
import type { User } from '@grantbridge/contract/auth';
import { paths, roleHomePath, type AreaRole } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { useUnreadTotal } from '../../features/messaging/hooks/use-unread-total';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { AppShell } from '../../features/shell/components/app-shell';
import { areaNavigation, areaTitle, pageTitlesItself } from '../../features/shell/utils/area-navigation';
import type { ShellContext } from './shell-context';

export function AreaFrame({ area, user }: { area: AreaRole; user: User }) {
  const location = useLocation();
  const title = areaTitle(area, location.pathname);
  useDocumentTitle(title, !pageTitlesItself(location.pathname));
  const { signOut, pending } = useSignOut();
  const context: ShellContext = { user };
  // Keeps the realtime connection (and so presence) up anywhere in the area,
  // and shows unread messages on the Messages entry.
  const unread = useUnreadTotal();
  const areaPaths = area === 'admin' ? paths.admin : paths.researcher;
  const messagesPath = areaPaths.messages;
  const base = areaNavigation[area];
  const navigation = {
    ...base,
    primary: base.primary.map((item) => (item.to === messagesPath ? { ...item, badge: unread } : item)),
  };

  return (
    <AppShell
      user={user}
      title={title}
      homePath={roleHomePath(area)}
      settingsPath={areaPaths.settings}
      navigation={navigation}
      onSignOut={() => void signOut()}
      signingOut={pending}
      headerActions={<NotificationBell notificationsPath={areaPaths.notifications} />}
    >
      <Outlet context={context} />
    </AppShell>
  );
}
