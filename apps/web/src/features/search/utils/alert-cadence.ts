// How often a saved search's new matches are told, in words.
import type { EmailCadence } from '@grantbridge/contract/notifications';

export const cadenceLabels: Record<EmailCadence, string> = {
  off: 'Off',
  instant: 'By e-mail at once',
  daily: 'In a daily e-mail digest',
  weekly: 'In a weekly e-mail digest',
};

export const cadenceOptions: EmailCadence[] = ['off', 'instant', 'daily', 'weekly'];
