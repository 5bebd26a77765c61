// What replaces a lead form once it is sent: that it arrived, what happens
// next, and a way to send another. It takes focus, so a screen reader reads it
// and the keyboard starts from it.
import { useEffect, useRef } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { LeadSent } from '../hooks/use-lead-form';

type LeadSentPanelProps = {
  sent: LeadSent;
  title: string;
  anotherLabel: string;
  onSendAnother: () => void;
};

export function LeadSentPanel({ sent, title, anotherLabel, onSendAnother }: LeadSentPanelProps) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    // Into view below the sticky site header (scroll-mt), then focused where it is.
    panel.current?.scrollIntoView({ block: 'start' });
    panel.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby="lead-sent-title"
      className="scroll-mt-24 focus:outline-none"
    >
      <div className="flex items-start gap-3">
        <CheckCircle2 className="mt-0.5 size-7 shrink-0 text-emerald-700" aria-hidden="true" />
        <div>
          <h2 id="lead-sent-title" className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-slate-800">{sent.message}</p>
        </div>
      </div>
      <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-700">
        What happens next
      </h3>
      <ol className="mt-3 space-y-3">
        {sent.steps.map((step, index) => (
          <li key={step} className="flex gap-3 text-slate-800">
            <span
              aria-hidden="true"
              className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-900"
            >
              {index + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm text-slate-700">
        There is no need to send it again: it is stored, and our team has it.
      </p>
      <Button variant="secondary" className="mt-4" onClick={onSendAnother}>
        {anotherLabel}
      </Button>
    </section>
  );
}
