import { AreaGuard } from '../route-guards';
import { AreaFrame } from './area-frame';

export function Component() {
  return (
    <AreaGuard area="researcher">{(user) => <AreaFrame area="researcher" user={user} />}</AreaGuard>
  );
}
