// Grant Status: the office's figures and lists for a period (admin), then the
// way to the review queue and every application by stage (pipeline).
import { paths } from '../../config/paths';
import { GrantStatusOverview } from '../../features/admin/components/grant-status-overview';
import { AdminGrantsPage } from '../../features/pipeline/components/admin-grants-page';
import { renderApplicationStatus } from './application-status-chip';

export function Component() {
  return (
    <div className="space-y-6">
      <GrantStatusOverview renderStatus={renderApplicationStatus} />
      <AdminGrantsPage
        paths={{
          application: paths.admin.application,
          person: paths.admin.researcher,
          review: paths.admin.review,
        }}
      />
    </div>
  );
}
