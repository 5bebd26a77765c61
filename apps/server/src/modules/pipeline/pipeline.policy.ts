// The pipeline's rule. Bookmarks and applications belong to one user and are
// only read or written under that user's own id (no route reaches another
// user's, an admin of their institution included), so what remains to decide
// is when a grant takes a new application: while it is open.
import type { GrantStatus } from '@grantbridge/contract/grants';
import { isOpenStatus } from '../grants/grant-status';

export function acceptsApplications(grant: { status: GrantStatus }): boolean {
  return isOpenStatus(grant.status);
}
