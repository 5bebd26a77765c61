// A newsletter e-mail's unsubscribe link (no sign-in needed).
export { NewsletterUnsubscribePage as Component } from '../../features/newsletters/components/newsletter-unsubscribe-page';
