// The message box: takes focus when its conversation opens, grows to 100px
// when focused (and shrinks back only once a press that took focus away is
// over: lib/after-press.ts), Enter sends, Shift+Enter starts a new line, Send stays
// disabled until there is something to send.
// Text over the limit is kept (not cut off) and shown as too long.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { SendHorizontal } from 'lucide-react';
import { messageMaxLength } from '@grantbridge/contract/messaging';
import { Button } from '../../../components/ui/button';
import { controlClasses } from '../../../components/ui/input';
import { useFocusForGrowth } from '../../../lib/after-press';
import { formatInteger } from '../../../lib/format';

type ComposerProps = {
  placeholder: string;
  onSend: (content: string) => void;
  onTyping: () => void;
};

const counterFrom = messageMaxLength - 500;

/** Characters as the server counts them: code points, so an emoji is one. */
const lengthOf = (text: string) => Array.from(text).length;

export function Composer({ placeholder, onSend, onTyping }: ComposerProps) {
  const [text, setText] = useState('');
  const { focused, handlers: focusHandlers } = useFocusForGrowth();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  // A conversation is opened to write in it: from the list, New Message or a
  // Message button, focus lands here (not back on what opened it).
  useEffect(() => {
    box.current?.focus({ preventScroll: true });
  }, []);
  const trimmed = text.trim();
  const length = text.length >= counterFrom ? lengthOf(trimmed) : trimmed.length;
  const tooLong = length > messageMaxLength;

  const submit = () => {
    if (!trimmed || tooLong) return;
    onSend(trimmed);
    setText('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={onSubmit} className="border-t border-slate-200 bg-white p-3 sm:px-5">
      <label htmlFor={`${id}-text`} className="sr-only">
        Message
      </label>
      <p id={`${id}-hint`} className="sr-only">
        Enter sends the message; Shift+Enter starts a new line.
      </p>
      <div className="flex items-end gap-2">
        <textarea
          ref={box}
          id={`${id}-text`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
          {...focusHandlers}
          placeholder={placeholder}
          aria-describedby={`${id}-hint${text.length >= counterFrom ? ` ${id}-count` : ''}`}
          aria-invalid={tooLong}
          rows={1}
          className={clsx(
            controlClasses,
            'resize-none py-2.5 leading-6 transition-[height] duration-200',
            focused || text.includes('\n') ? 'h-[100px]' : 'h-11',
          )}
        />
        <Button type="submit" disabled={!trimmed || tooLong} className="h-11 shrink-0">
          <SendHorizontal className="size-4" aria-hidden="true" />
          <span className="max-sm:sr-only">Send</span>
        </Button>
      </div>
      {text.length >= counterFrom ? (
        <p
          id={`${id}-count`}
          className={clsx('mt-1 text-right text-xs', tooLong ? 'text-red-700' : 'text-slate-600')}
        >
          {formatInteger(length)} / {formatInteger(messageMaxLength)} characters
          {tooLong ? ' (too long to send)' : ''}
        </p>
      ) : null}
    </form>
  );
}
