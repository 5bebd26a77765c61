import { useEffect } from 'react';

/**
 * Gives each page its own document title, e.g. "About · GrantBridge". A frame
 * whose page sets a title of its own (a grant's name) passes `enabled: false`,
 * since a parent's effect runs after its child's and would overwrite it.
 */
export function useDocumentTitle(title: string | undefined, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    document.title = title ? `${title} · GrantBridge` : 'GrantBridge';
  }, [title, enabled]);
}
