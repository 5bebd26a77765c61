// The Admin Dashboard: the institution's figures and charts (admin), with how
// many wait in the review queue (pipeline), then the institution's activity
// feed (feed), where the office posts and moderates.
// Its own chunk, so the charting library loads only for the office.
import { paths } from '../../config/paths';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { FeedPanel } from '../../features/feed/components/feed-panel';
import { useReviewQueueCount } from '../../features/pipeline/hooks/use-review-queue';
import { useShellUser } from '../layouts/shell-context';
import { renderApplicationStatus } from './application-status-chip';

export function Component() {
  const user = useShellUser();
  const reviewWaiting = useReviewQueueCount();
  return (
    <div className="space-y-6">
      <AdminDashboard renderStatus={renderApplicationStatus} reviewWaiting={reviewWaiting} />
      <FeedPanel
        user={user}
        paths={{ person: paths.admin.researcher, grant: paths.admin.grant }}
        moderatorOf={user.institution.id}
      />
    </div>
  );
}
