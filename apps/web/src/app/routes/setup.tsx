// The setup step after a first sign-in (profile feature): its own chunk, as
// it shows the profile form at once (decision 051).
import { paths } from '../../config/paths';
import { SetupPage } from '../../features/profile/components/setup-page';

export function Component() {
  return <SetupPage homePath={paths.researcher.home} />;
}
