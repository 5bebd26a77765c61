import { NotFoundPage } from '../../features/marketing/components/not-found-page';

export function Component() {
  return <NotFoundPage />;
}
