import { ContactPage } from '../../features/leads/components/contact-page';

export function Component() {
  return <ContactPage />;
}
