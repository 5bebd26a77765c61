import { useCallback } from 'react';
import toast from 'react-hot-toast';

/**
 * Copies a link and says so ("Link copied"): sharing with people inside the
 * product is the Send in Messages action beside it.
 */
export function useCopyLink() {
  return useCallback(async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('We couldn’t copy the link. Copy the address from the address bar instead.');
    }
  }, []);
}
