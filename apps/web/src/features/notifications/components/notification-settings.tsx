// The Notifications section of Settings (both areas; /…/settings#notifications
// lands on it): loads the preferences, then hands them to the form.
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingState } from '../../../components/ui/loading-state';
import { useNotificationPreferences } from '../hooks/use-notification-preferences';
import { PreferencesForm } from './preferences-form';

export function NotificationSettings() {
  const preferences = useNotificationPreferences();
  const section = useRef<HTMLElement>(null);
  const loaded = preferences.isSuccess;

  // The section grows when its form arrives; a link to #notifications should still end on it.
  useEffect(() => {
    if (loaded && window.location.hash === '#notifications')
      section.current?.scrollIntoView({ block: 'start' });
  }, [loaded]);

  return (
    <section
      ref={section}
      id="notifications"
      aria-labelledby="notifications-heading"
      className="scroll-mt-20"
    >
      <Card className="p-6">
        <h2 id="notifications-heading" className="text-lg font-semibold text-slate-900">
          Notifications
        </h2>
        <p className="mt-1 mb-5 text-sm text-slate-700">
          Choose what you hear about in GrantBridge and by e-mail. E-mail digests gather everything
          since the last one into one message.
        </p>
        {preferences.isPending ? (
          <LoadingState label="Loading notification settings…" />
        ) : preferences.isError ? (
          <div>
            <p className="text-sm text-red-700">
              We couldn&rsquo;t load your notification settings.
            </p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              onClick={() => void preferences.refetch()}
            >
              Try again
            </Button>
          </div>
        ) : (
          <PreferencesForm initial={preferences.data} />
        )}
      </Card>
    </section>
  );
}
