// Bookmark and Apply Now. What changed is said beside the control that changed
// it (a live region there), with the seed's words; failures are toasts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { GrantDetail } from '@grantbridge/contract/grants';
import { queryKeys } from '../../../lib/query-keys';
import { pipelineKeys, setBookmark, startApplication } from '../api/pipeline-api';

export function useToggleBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, saved }: { id: string; saved: boolean }) => setBookmark(id, saved),
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData<GrantDetail>(queryKeys.grant(id), (grant) =>
        grant ? { ...grant, viewer: { ...grant.viewer, saved } } : grant,
      );
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.saved });
    },
    onError: () => {
      toast.error('We couldn’t update your bookmarks. Please try again.');
    },
  });
}

export function useStartApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grantId: string) => startApplication(grantId),
    onSuccess: ({ application }, grantId) => {
      queryClient.setQueryData<GrantDetail>(queryKeys.grant(grantId), (grant) =>
        grant
          ? {
              ...grant,
              viewer: {
                ...grant.viewer,
                application: { id: application.id, status: application.status },
              },
            }
          : grant,
      );
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.applications });
    },
    onError: () => {
      toast.error('We couldn’t start the application. Please try again.');
    },
  });
}

export const bookmarkMessages = {
  saved: 'Grant bookmarked successfully!',
  removed: 'Grant removed from bookmarks',
} as const;

export function applicationStartedMessage(created: boolean): string {
  return created
    ? 'Application started — find it under Grants'
    : 'You already started an application for this grant';
}
