// Who may do what with newsletters: the research office (an admin) of the
// newsletter's institution composes, sends and counts it; a researcher reads
// only the newsletters sent to them. Anything else answers 404.
import type { Actor } from '../../plugins/types';

export type NewsletterRef = { institutionId: string };

export function canManageNewsletter(actor: Actor, newsletter: NewsletterRef): boolean {
  return actor.role === 'admin' && actor.institution.id === newsletter.institutionId;
}

/** A sent newsletter is read by those it went to (`recipient`), and by its institution's office. */
export function canReadNewsletter(actor: Actor, newsletter: NewsletterRef & { status: string }, recipient: boolean): boolean {
  return newsletter.status === 'sent' && (recipient || canManageNewsletter(actor, newsletter));
}
