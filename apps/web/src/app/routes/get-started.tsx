import { GetStartedPage } from '../../features/leads/components/get-started-page';

export function Component() {
  return <GetStartedPage />;
}
