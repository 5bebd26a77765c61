import { useEffect } from 'react';

/** Gives each page its own document title, e.g. "About · GrantBridge". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · GrantBridge` : 'GrantBridge';
  }, [title]);
}
