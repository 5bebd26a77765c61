// Funding newsletters: the office's list and composer, a researcher's list
// and reading view (newsletters feature).
import { AdminNewslettersPage } from '../../features/newsletters/components/admin-newsletters-page';
import { MyNewslettersPage } from '../../features/newsletters/components/my-newsletters-page';
import { useShellUser } from '../layouts/shell-context';

export function Component() {
  return useShellUser().role === 'admin' ? <AdminNewslettersPage /> : <MyNewslettersPage />;
}
