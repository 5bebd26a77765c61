import { paths } from '../../config/paths';
import { SearchPage } from '../../features/search/components/search-page';
import { useShellUser } from '../layouts/shell-context';

export function Component() {
  const user = useShellUser();
  return (
    <SearchPage
      user={user}
      grantPath={user.role === 'admin' ? paths.admin.grant : paths.researcher.grant}
    />
  );
}
