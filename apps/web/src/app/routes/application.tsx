import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { AwardDetails } from '../../features/current-pending/components/award-details';
import { TeamEffort } from '../../features/current-pending/components/team-effort';
import { ApplicationPage } from '../../features/pipeline/components/application-page';
import { useShellUser } from '../layouts/shell-context';

// An application, in either area: the research office's or the researcher's.
export function Component() {
  const { id = '' } = useParams();
  const admin = useShellUser().role === 'admin';
  return (
    <ApplicationPage
      key={id}
      id={id}
      teamExtra={<TeamEffort applicationId={id} />}
      awardDetails={<AwardDetails applicationId={id} />}
      paths={
        admin
          ? { back: { to: paths.admin.grants, label: 'Back to Grant Status' }, grant: paths.admin.grant, person: paths.admin.researcher }
          : {
              back: { to: paths.researcher.grants, label: 'Back to Grants' },
              grant: paths.researcher.grant,
              person: paths.researcher.person,
              conversation: (id) => `${paths.researcher.messages}?c=${encodeURIComponent(id)}`,
            }
      }
    />
  );
}
