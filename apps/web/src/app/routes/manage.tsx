import { ManagePage } from '../../features/people/components/manage-page';

export function Component() {
  return <ManagePage />;
}
