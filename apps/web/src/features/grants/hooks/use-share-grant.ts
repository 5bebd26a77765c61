import { useCallback } from 'react';
import toast from 'react-hot-toast';

/** The system share sheet where there is one, otherwise the link goes to the clipboard. */
export function useShareGrant() {
  return useCallback(async (title: string, url: string) => {
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, url });
      } else {
        await navigator.clipboard.writeText(url);
      }
      toast.success('Grant shared successfully!');
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error('We couldn’t share this grant. Copy the address from the address bar instead.');
    }
  }, []);
}
