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
  // Sections above it may still be arriving, so it is placed again a moment later (unless the person scrolled).
  useEffect(() => {
    if (!loaded || window.location.hash !== '#notifications') return;
    section.current?.scrollIntoView({ block: 'start' });
    let scrolled = false;
    const stop = () => (scrolled = true);
    window.addEventListener('wheel', stop, { once: true });
    window.addEventListener('touchmove', stop, { once: true });
    window.addEventListener('keydown', stop, { once: true });
    const again = window.setTimeout(() => {
      if (!scrolled) section.current?.scrollIntoView({ block: 'start' });
    }, 400);
    return () => {
      window.clearTimeout(again);
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchmove', stop);
      window.removeEventListener('keydown', stop);
    };
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
