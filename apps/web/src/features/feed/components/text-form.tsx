// One small form for writing text in the feed: a comment, or a new version of
// a post or comment. The button stays disabled until there is something (new)
// to send; text over the limit is kept and shown as too long, not cut off.
// The comment box (inline) is the Messages composer's twin: one line at rest,
// three and more once focused or written in, growing with the text; Enter
// sends, Shift+Enter adds a line.
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import clsx from 'clsx';
import { SendHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { controlClasses } from '../../../components/ui/input';
import { useFocusForGrowth } from '../../../lib/after-press';
import { isApiError } from '../../../lib/api-client';
import { formatInteger } from '../../../lib/format';

type TextFormProps = {
  label: string;
  /** The label is read out but not shown (the context says what the box is for). */
  hideLabel?: boolean;
  placeholder?: string;
  initial?: string;
  submitLabel: string;
  maxLength: number;
  /** Lines shown (not for the comment box, which grows). */
  rows?: number;
  pending: boolean;
  /** Resolves when sent; the form clears itself unless it was editing. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** The button beside the box rather than under it (the comment box). */
  inline?: boolean;
  className?: string;
};

/** A refused request in words the person can act on. */
export function problemText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status < 500)
    return error.errors[0]?.message ?? (error.detail || fallback);
  return fallback;
}

export function TextForm(props: TextFormProps) {
  const { label, initial = '', maxLength, pending, onSubmit, onCancel } = props;
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // Shrinking at a press elsewhere would move what is below under the pointer (lib/after-press.ts).
  const { focused, handlers: focusHandlers } = useFocusForGrowth();
  const box = useRef<HTMLTextAreaElement>(null);
  const grows = Boolean(props.inline);
  const expanded = grows && (focused || text !== '');
  // The comment box fits its text (up to its max-height, then it scrolls).
  useLayoutEffect(() => {
    const element = box.current;
    if (!grows || !element) return;
    element.style.height = '';
    if (!expanded) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + 2}px`;
  }, [grows, expanded, text]);
  const trimmed = text.trim();
  const tooLong = trimmed.length > maxLength;
  const showCount = text.length > maxLength - 200;
  const unchanged = initial !== '' && trimmed === initial.trim();

  const submit = async (event: Pick<FormEvent, 'preventDefault'>) => {
    event.preventDefault();
    if (!trimmed || tooLong || unchanged || pending) return;
    setError(null);
    try {
      await onSubmit(trimmed);
      if (!initial) setText('');
    } catch (err) {
      setError(problemText(err, 'That did not go through. Please try again.'));
    }
  };

  const describedBy =
    [
      grows ? `${id}-hint` : '',
      showCount ? `${id}-count` : '',
      error ? `${id}-error` : '',
    ]
      .filter(Boolean)
      .join(' ') || undefined;
  const buttons = (
    <div className={clsx('flex justify-end gap-2', !props.inline && 'mt-2')}>
      {onCancel ? (
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
      <Button
        type="submit"
        size="sm"
        disabled={!trimmed || tooLong || unchanged || pending}
        className={clsx(props.inline && 'h-11 shrink-0')}
      >
        {props.inline ? (
          // As Messages' Send: the icon alone on a phone, so the box keeps the width.
          <>
            <SendHorizontal className="size-4" aria-hidden="true" />
            <span className="max-sm:sr-only">{props.submitLabel}</span>
          </>
        ) : (
          props.submitLabel
        )}
      </Button>
    </div>
  );
  return (
    <form onSubmit={(event) => void submit(event)} className={props.className}>
      <label
        htmlFor={`${id}-text`}
        className={props.hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-800'}
      >
        {label}
      </label>
      {grows ? (
        <p id={`${id}-hint`} className="sr-only">
          Enter sends; Shift+Enter starts a new line.
        </p>
      ) : null}
      <div className={clsx(props.inline && 'flex items-end gap-2')}>
        <textarea
          ref={box}
          id={`${id}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          {...focusHandlers}
          enterKeyHint={grows ? 'send' : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && onCancel) {
              event.preventDefault();
              onCancel();
            }
            // The comment box sends on Enter, as Messages does; Shift+Enter starts a new line.
            if (grows && event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              void submit(event);
            }
          }}
          placeholder={props.placeholder}
          rows={grows ? 1 : (props.rows ?? 2)}
          autoFocus={props.autoFocus}
          aria-invalid={tooLong || Boolean(error)}
          aria-describedby={describedBy}
          className={clsx(
            controlClasses,
            grows
              ? // As in Messages: 16px text (no zoom on a phone), 44px at rest, 100px (3 lines) and up in use.
                clsx(
                  'max-h-60 resize-none py-2.5 leading-6 motion-safe:transition-[height] motion-safe:duration-200',
                  expanded ? 'min-h-[100px]' : 'h-11',
                )
              : 'resize-y py-2 text-sm leading-6',
          )}
        />
        {props.inline ? buttons : null}
      </div>
      {showCount ? (
        <p
          id={`${id}-count`}
          className={clsx('mt-1 text-right text-xs', tooLong ? 'text-red-700' : 'text-slate-600')}
        >
          {formatInteger(trimmed.length)} / {formatInteger(maxLength)} characters
          {tooLong ? ' (too long)' : ''}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {props.inline ? null : buttons}
    </form>
  );
}
