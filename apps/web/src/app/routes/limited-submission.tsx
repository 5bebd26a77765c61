// One limited call's review page (decision 061): the office's, under /admin,
// and an invited reviewer's, under /dashboard.
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { LimitedCallPage } from '../../features/limited-submissions/components/limited-call-page';
import { useShellUser } from '../layouts/shell-context';

export function Component() {
  const { id = '' } = useParams();
  const admin = useShellUser().role === 'admin';
  return (
    <LimitedCallPage
      key={id}
      callId={id}
      paths={
        admin
          ? { back: { to: paths.admin.limitedSubmissions, label: 'Back to Limited submissions' }, grant: paths.admin.grant, application: paths.admin.application }
          : { back: { to: paths.researcher.home, label: 'Back to Dashboard' }, grant: paths.researcher.grant, application: paths.researcher.application }
      }
    />
  );
}
