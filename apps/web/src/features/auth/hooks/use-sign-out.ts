import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { paths } from '../../../config/paths';
import { queryKeys } from '../../../lib/query-keys';
import { getRealtimeClient } from '../../../lib/realtime-client';
import { logout } from '../api/auth-api';

/** Ends the session, leaves the signed-in area and forgets every cached answer. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    // No socket handshake may race the ending session (it would be refused, and retried).
    getRealtimeClient().pause();
    // Nor may a request of the page being left: answered after the session
    // ends, it would be refused (401). Cancelling aborts those in flight.
    await queryClient.cancelQueries();
    try {
      await logout();
    } catch (error) {
      getRealtimeClient().resume();
      setPending(false);
      console.error('Sign out failed', error);
      toast.error('Something went wrong. Please try again.');
      return;
    }
    // Leave first, so the area's guard never sees the signed-out state and
    // sends the user to /login?next=...; then drop what the old session cached.
    await navigate(paths.login, { replace: true });
    queryClient.clear();
    queryClient.setQueryData(queryKeys.me, null);
  }, [navigate, queryClient]);

  return { signOut, pending };
}
