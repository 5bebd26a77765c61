import { useOutletContext } from 'react-router';
import type { User } from '@grantbridge/contract/auth';

export type ShellContext = { user: User };

/** The signed-in user, for pages rendered inside an area layout. */
export function useShellUser(): User {
  return useOutletContext<ShellContext>().user;
}
