import { paths } from '../../config/paths';
import { AdminGrantsPage } from '../../features/pipeline/components/admin-grants-page';

export function Component() {
  return <AdminGrantsPage paths={{ application: paths.admin.application, person: paths.admin.researcher }} />;
}
