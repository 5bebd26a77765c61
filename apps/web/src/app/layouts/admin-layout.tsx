import { AreaGuard } from '../route-guards';
import { AreaFrame } from './area-frame';

export function Component() {
  return <AreaGuard area="admin">{(user) => <AreaFrame area="admin" user={user} />}</AreaGuard>;
}
