// The composer's preview: the e-mail as it goes (HTML, or its text part), how
// many people it goes to, and Send now / Schedule / Cancel schedule.
import { useState } from 'react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { NewsletterPreview, NewsletterStatus } from '@grantbridge/contract/newsletters';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadingState } from '../../../components/ui/loading-state';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { cancelSchedule, newsletterKeys, scheduleNewsletter, sendNewsletter } from '../api/newsletters-api';

type Props = { id: string | null; preview: UseQueryResult<NewsletterPreview>; status: NewsletterStatus; onSent: () => void };

export function NewsletterPreviewPane({ id, preview, status: initialStatus, onSent }: Props) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(initialStatus);
  const [scheduledAt, setScheduledAt] = useState<string | null>(null);
  const [view, setView] = useState<'html' | 'text'>('html');
  const [confirming, setConfirming] = useState(false);
  const [at, setAt] = useState('');
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<{ status: NewsletterStatus; scheduledAt: string | null }>, done: string) => {
    setBusy(true);
    try {
      const result = await work();
      setStatus(result.status);
      setScheduledAt(result.scheduledAt);
      await queryClient.invalidateQueries({ queryKey: newsletterKeys.office });
      toast.success(done);
      if (result.status === 'sent') onSent();
    } catch (error) {
      toast.error(isApiError(error) ? error.errors[0]?.message ?? (error.detail || error.message) : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-6">
      <h2 id="preview-title" className="text-lg font-semibold text-slate-900">
        Preview
      </h2>
      {!id ? (
        <p className="text-sm text-slate-700">Save the draft to see the e-mail as it goes and how many people it goes to.</p>
      ) : preview.isPending ? (
        <LoadingState label="Preparing the preview…" className="p-4" />
      ) : preview.isError ? (
        <LoadFailed what="The preview" onRetry={() => void preview.refetch()} />
      ) : (
        <>
          <p className="text-sm text-slate-800" aria-live="polite">
            Goes to <strong>{formatInteger(preview.data.recipients)}</strong> {preview.data.recipients === 1 ? 'person' : 'people'} ·{' '}
            {preview.data.grants.length} grant{preview.data.grants.length === 1 ? '' : 's'} · subject “{preview.data.subject}”
          </p>
          <div role="group" aria-label="Preview as" className="flex gap-2">
            <Button size="sm" variant={view === 'html' ? 'primary' : 'secondary'} aria-pressed={view === 'html'} onClick={() => setView('html')}>
              E-mail
            </Button>
            <Button size="sm" variant={view === 'text' ? 'primary' : 'secondary'} aria-pressed={view === 'text'} onClick={() => setView('text')}>
              Plain text
            </Button>
          </div>
          {view === 'html' ? (
            // Not sandboxed, so the page's accessibility checks reach into it: the server escapes every value in
            // the e-mail, MJML writes no script, and a srcdoc frame keeps the page's Content-Security-Policy
            // (checked in Chromium: an inline script and an onerror handler in such a frame are refused).
            <iframe title="E-mail preview" srcDoc={preview.data.html} className="h-[28rem] w-full rounded-lg border border-slate-200 bg-white" />
          ) : (
            <pre className="h-[28rem] overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-900">
              {preview.data.text}
            </pre>
          )}
          {status === 'sent' ? (
            <p className="text-sm font-semibold text-slate-900">Sent.</p>
          ) : (
            <div className="flex flex-col gap-3 border-t border-slate-200 pt-3">
              {status === 'scheduled' ? (
                <div className="flex flex-wrap items-center gap-3">
                  <p className="text-sm text-slate-800">Scheduled{scheduledAt ? ` for ${formatDateTime(scheduledAt)}` : ''}.</p>
                  <Button size="sm" variant="secondary" disabled={busy} onClick={() => void act(() => cancelSchedule(id), 'Schedule cancelled')}>
                    Cancel schedule
                  </Button>
                </div>
              ) : null}
              {confirming ? (
                <div className="flex flex-wrap items-center gap-3">
                  <Button
                    disabled={busy}
                    onClick={() => void act(() => sendNewsletter(id), `Sent to ${formatInteger(preview.data.recipients)} people`)}
                  >
                    Send to {formatInteger(preview.data.recipients)} {preview.data.recipients === 1 ? 'person' : 'people'}
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    Not yet
                  </Button>
                </div>
              ) : (
                <Button className="self-start" onClick={() => setConfirming(true)}>
                  Send now
                </Button>
              )}
              <form
                className="flex flex-col gap-2 sm:flex-row sm:items-end"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (at) void act(() => scheduleNewsletter(id, new Date(at).toISOString()), 'Newsletter scheduled');
                }}
              >
                <div>
                  <label htmlFor="newsletter-at" className="mb-1.5 block text-sm font-medium text-slate-800">
                    Or send at
                  </label>
                  <Input id="newsletter-at" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
                </div>
                <Button type="submit" variant="secondary" disabled={busy || !at} className="h-11">
                  Schedule
                </Button>
              </form>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
