// The calendar feed: a secret address for any calendar program (Outlook,
// Google Calendar, Apple Calendar) with the deadlines of the researcher's
// applications, saved grants and tasks. Making a new one stops the old.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { CalendarPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { createCalendarFeed } from '../api/applications-api';

export function CalendarCard() {
  const [url, setUrl] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (address) => setUrl(address),
    onError: () => toast.error('The calendar address could not be made. Please try again.'),
  });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('Copying failed: select the address and copy it yourself.');
    }
  };
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="calendar-title">
      <h2 id="calendar-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarPlus className="size-5 text-brand-800" aria-hidden="true" />
        Deadlines in your calendar
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Subscribe to one private address in Outlook, Google Calendar or Apple Calendar: the internal and sponsor
        deadlines of your applications, your saved grants’ closing dates and your tasks, kept up to date. Anyone with
        the address can read it; making a new one stops the old one.
      </p>
      {url ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <label htmlFor="calendar-url" className="sr-only">
            Calendar address
          </label>
          <Input id="calendar-url" readOnly value={url} className="min-w-0 flex-1" onFocus={(e) => e.target.select()} />
          <Button size="sm" onClick={() => void copy()}>
            Copy
          </Button>
        </div>
      ) : null}
      <Button className="mt-3" size="sm" variant="secondary" disabled={create.isPending} onClick={() => create.mutate()}>
        {url ? 'Make a new address' : 'Get my calendar address'}
      </Button>
    </Card>
  );
}
