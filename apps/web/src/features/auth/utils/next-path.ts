import type { Role } from '@grantbridge/contract/auth';
import { paths, roleHomePath } from '../../../config/paths';

const areaRoots: Record<Role, string> = {
  researcher: paths.researcher.root,
  admin: paths.admin.root,
};

/**
 * Where to go after signing in: the `next` path the route guard passed, if it
 * is a same-origin path inside the user's own area; otherwise the role's home.
 */
export function pathAfterLogin(next: string | null, role: Role, setupComplete = true): string {
  // A researcher who has not set up a profile does that first.
  if (role === 'researcher' && !setupComplete) return paths.researcher.setup;
  const home = roleHomePath(role);
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return home;
  let url: URL;
  try {
    url = new URL(next, window.location.origin);
  } catch {
    return home;
  }
  if (url.origin !== window.location.origin) return home;
  const root = areaRoots[role];
  const inArea = url.pathname === root || url.pathname.startsWith(`${root}/`);
  return inArea ? `${url.pathname}${url.search}${url.hash}` : home;
}
