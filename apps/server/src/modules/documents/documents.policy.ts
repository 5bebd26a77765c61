// The documents module's rule: the team (the PI and accepted members)
// prepares an application's documents; the research office reads them.
// Who sees the application at all, and so its documents, is the applications
// module's answer (its role), handed in by app.ts.
import type { ApplicationDetail } from '@grantbridge/contract/pipeline';

/** How the viewer stands to the application: 'pi', 'member' or 'admin' (the office). */
export type ApplicationViewerRole = ApplicationDetail['viewer']['role'];

/** Adding, renaming, ticking off, removing items and uploading files: the team's work. */
export function canWorkOnDocuments(role: ApplicationViewerRole): boolean {
  return role === 'pi' || role === 'member';
}
