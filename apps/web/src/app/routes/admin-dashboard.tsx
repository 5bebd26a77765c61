// The Admin Dashboard: the institution's figures and charts (admin), then the
// institution's activity feed (feed), where the office posts and moderates.
// Its own chunk, so the charting library loads only for the office.
import { paths } from '../../config/paths';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { FeedPanel } from '../../features/feed/components/feed-panel';
import { useShellUser } from '../layouts/shell-context';
import { renderApplicationStatus } from './application-status-chip';

export function Component() {
  const user = useShellUser();
  return (
    <div className="space-y-6">
      <AdminDashboard renderStatus={renderApplicationStatus} />
      <FeedPanel
        user={user}
        paths={{ person: paths.admin.researcher, grant: paths.admin.grant }}
        moderatorOf={user.institution.id}
      />
    </div>
  );
}
