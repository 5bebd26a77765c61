import { paths } from '../../config/paths';
import { MyGrantsPage } from '../../features/pipeline/components/my-grants-page';

export function Component() {
  return (
    <MyGrantsPage
      grantPath={paths.researcher.grant}
      searchPath={paths.researcher.search}
      applicationPath={paths.researcher.application}
    />
  );
}
