import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { GrantPage } from '../../features/grants/components/grant-page';
import { useShellUser } from '../layouts/shell-context';

export function Component() {
  const { id = '' } = useParams();
  const admin = useShellUser().role === 'admin';
  return (
    <GrantPage
      // A new grant is a new page: collaborator highlight and dialogs start afresh.
      key={id}
      grantId={id}
      back={
        admin
          ? { to: paths.admin.search, label: 'Back to Search' }
          : { to: paths.researcher.grants, label: 'Back to Grants' }
      }
      grantPath={admin ? paths.admin.grant : paths.researcher.grant}
    />
  );
}
