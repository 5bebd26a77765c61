import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { paths } from '../../../config/paths';
import { queryKeys } from '../../../lib/query-keys';
import { signOutEverywhere } from '../api/settings-api';

export function useSignOutEverywhere() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: async () => {
      // Leave the signed-in area before forgetting the user, so its guard
      // does not bounce us to /login?next=...
      await navigate(paths.login, { replace: true });
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me, null);
      toast.success('Signed out on all devices');
    },
    onError: (error) => {
      console.error('Sign out everywhere failed', error);
      toast.error('Something went wrong. Please try again.');
    },
  });
}
