import { RequestDemoPage } from '../../features/leads/components/request-demo-page';

export function Component() {
  return <RequestDemoPage />;
}
