import { NoAccountPage } from '../../features/marketing/components/no-account-page';

export function Component() {
  return <NoAccountPage />;
}
