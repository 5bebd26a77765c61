// The box at the top of the feed: small until pointed at or focused, then it
// grows and offers Post, Cancel and a picture (with its description, which is
// required). It shrinks again 200 ms after the pointer leaves while it is
// empty and nothing in it has focus; Cancel clears and shrinks it.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import clsx from 'clsx';
import { ImagePlus, X } from 'lucide-react';
import { imageAltMaxLength, postMaxLength } from '@grantbridge/contract/feed';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { controlClasses, Input } from '../../../components/ui/input';
import { formatInteger } from '../../../lib/format';
import { useCreatePost } from '../hooks/use-post-actions';
import { pictureProblem, pictureTypes } from '../utils/picture';
import { problemText } from './text-form';

const collapseDelayMs = 200;

export function PostComposer({ userName, onPosted }: { userName: string; onPosted: () => void }) {
  const id = useId();
  const create = useCreatePost();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [altError, setAltError] = useState<string | null>(null);
  const root = useRef<HTMLFormElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const hovering = useRef(false);
  const quietFocus = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  const trimmed = text.trim();
  const empty = !text && !file;
  const tooLong = trimmed.length > postMaxLength;
  const showCount = text.length > postMaxLength - 500;
  const expanded = open || !empty;

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const expand = () => {
    window.clearTimeout(timer.current);
    setOpen(true);
  };
  const collapseSoon = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const focused = root.current?.contains(document.activeElement) ?? false;
      if (!hovering.current && !focused) setOpen(false);
    }, collapseDelayMs);
  };

  /** Back to the small box, focus kept on it without opening it again. */
  const reset = () => {
    setText('');
    setFile(null);
    setAlt('');
    setError(null);
    setAltError(null);
    setOpen(false);
    quietFocus.current = true;
    textarea.current?.focus();
    quietFocus.current = false;
  };

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const problem = pictureProblem(chosen);
    setError(problem);
    if (!problem) setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || tooLong || create.isPending) return;
    if (file && !alt.trim()) {
      setAltError('Describe the picture for people who cannot see it.');
      altInput.current?.focus();
      return;
    }
    setError(null);
    try {
      await create.mutateAsync({
        content: trimmed,
        picture: file ? { file, alt: alt.trim() } : undefined,
      });
      reset();
      onPosted();
    } catch (err) {
      setError(problemText(err, 'We couldn’t publish your post. Please try again.'));
    }
  };

  return (
    <form
      ref={root}
      aria-label="New post"
      onSubmit={(event) => void submit(event)}
      onMouseEnter={() => {
        hovering.current = true;
        expand();
      }}
      onMouseLeave={() => {
        hovering.current = false;
        if (empty) collapseSoon();
      }}
      onFocus={() => {
        if (!quietFocus.current) expand();
      }}
      onBlur={(event) => {
        if (empty && !root.current?.contains(event.relatedTarget as Node | null)) collapseSoon();
      }}
      className="mt-4 rounded-xl border border-slate-200 bg-slate-50/60 p-3 sm:p-4"
    >
      <div className="flex items-start gap-3">
        <InitialsAvatar name={userName} className="max-sm:hidden" />
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-text`} className="sr-only">
            Write a post
          </label>
          <textarea
            ref={textarea}
            id={`${id}-text`}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              expand();
            }}
            // After a post the box keeps focus, small, with the pointer still over it: a click opens it again.
            onClick={expand}
            placeholder="Share an update…"
            rows={expanded ? 4 : 1}
            aria-invalid={tooLong}
            aria-describedby={showCount ? `${id}-count` : undefined}
            className={clsx(
              controlClasses,
              'resize-none py-2.5 leading-6 transition-[height] duration-200',
              expanded ? 'h-28' : 'h-11',
            )}
          />
          {showCount ? (
            <p
              id={`${id}-count`}
              className={clsx(
                'mt-1 text-right text-xs',
                tooLong ? 'text-red-700' : 'text-slate-600',
              )}
            >
              {formatInteger(trimmed.length)} / {formatInteger(postMaxLength)} characters
              {tooLong ? ' (too long to post)' : ''}
            </p>
          ) : null}
          {expanded ? (
            <div className="mt-3 space-y-3">
              {file && preview ? (
                <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
                  <div className="flex items-start gap-3">
                    <img
                      src={preview}
                      alt=""
                      className="max-h-32 max-w-40 rounded-md object-contain"
                    />
                    <p className="min-w-0 flex-1 text-sm text-slate-700 [overflow-wrap:anywhere]">
                      {file.name}
                    </p>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => {
                        setFile(null);
                        setAltError(null);
                        textarea.current?.focus();
                      }}
                      aria-label="Remove picture"
                    >
                      <X className="size-4" aria-hidden="true" />
                    </Button>
                  </div>
                  <Field
                    id={`${id}-alt`}
                    label="Picture description (alt text)"
                    hint="Say what the picture shows, for people who cannot see it."
                    error={altError ?? undefined}
                    required
                  >
                    {(control) => (
                      <Input
                        {...control}
                        ref={altInput}
                        value={alt}
                        maxLength={imageAltMaxLength}
                        onChange={(event) => {
                          setAlt(event.target.value);
                          if (event.target.value.trim()) setAltError(null);
                        }}
                      />
                    )}
                  </Field>
                </div>
              ) : null}
              {error ? (
                <p role="alert" className="text-sm font-medium text-red-700">
                  {error}
                </p>
              ) : null}
              <div className="flex flex-wrap items-center justify-between gap-2">
                {file ? (
                  <span />
                ) : (
                  <label
                    className={clsx(
                      'inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100',
                      'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
                    )}
                  >
                    <ImagePlus className="size-4" aria-hidden="true" />
                    Add picture
                    <input
                      type="file"
                      accept={pictureTypes.join(',')}
                      className="sr-only"
                      onChange={(event) => {
                        choose(event.target.files?.[0] ?? null);
                        event.target.value = '';
                      }}
                    />
                  </label>
                )}
                <div className="flex gap-2">
                  <Button variant="secondary" size="sm" onClick={reset}>
                    Cancel
                  </Button>
                  <Button
                    type="submit"
                    size="sm"
                    disabled={!trimmed || tooLong || create.isPending}
                  >
                    {create.isPending ? 'Posting…' : 'Post'}
                  </Button>
                </div>
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </form>
  );
}
