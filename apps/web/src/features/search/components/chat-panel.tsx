// The search assistant: New Search, profile toggle, researcher picker, and
// the conversation.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ArrowDown, Bot, Loader2, RotateCcw, Send, UserRound, X } from 'lucide-react';
import clsx from 'clsx';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, Select } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { searchExamples } from '@grantbridge/contract/search-examples';
import type { ChatMessage } from '../hooks/use-assistant-chat';
import type { ResearcherOption } from '../hooks/use-researcher-options';

type ChatPanelProps = {
  messages: ChatMessage[];
  thinking: boolean;
  onSend: (text: string) => void;
  onNewSearch: () => void;
  /** Undo on a reply whose follow-up left nothing. */
  onUndo: (messageId: number) => void;
  /** Applies the search a message offers without the change that emptied it. */
  onSuggestion: (messageId: number) => void;
  matchProfile: boolean;
  onMatchProfileChange: (on: boolean) => void;
  researcherId: string | null;
  onResearcherChange: (id: string | null) => void;
  /** Administrators search on behalf of a researcher; a researcher's own profile needs no picker. */
  showResearcherPicker: boolean;
  researchers: ResearcherOption[];
  researchersLoading: boolean;
  /** The results heading, which phones scroll to from under the chat. */
  resultsHeadingId: string;
};

export function ChatPanel({
  messages,
  thinking,
  onSend,
  onNewSearch,
  onUndo,
  onSuggestion,
  matchProfile,
  onMatchProfileChange,
  researcherId,
  onResearcherChange,
  showResearcherPicker,
  researchers,
  researchersLoading,
  resultsHeadingId,
}: ChatPanelProps) {
  const [text, setText] = useState('');
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, thinking]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || thinking) return;
    onSend(text);
    setText('');
  };

  // A researcher id from a shared link that is not in the list still shows, so the select is honest.
  const selectedKnown = researcherId === null || researchers.some((r) => r.id === researcherId);

  return (
    <Card
      className="flex min-h-0 flex-col overflow-hidden lg:h-full"
      role="region"
      aria-labelledby="assistant-title"
    >
      <div className="border-b border-slate-200 p-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="assistant-title" className="flex items-center gap-2 font-semibold text-slate-900">
            <Bot className="size-5 text-brand-800" aria-hidden="true" />
            Search assistant
          </h2>
          <Button
            variant="secondary"
            size="sm"
            onClick={onNewSearch}
            disabled={thinking}
            className="shrink-0 whitespace-nowrap"
          >
            <RotateCcw className="size-4" aria-hidden="true" />
            New Search
          </Button>
        </div>
        <div className="mt-3 flex flex-col gap-3">
          <div className="flex items-center gap-3">
            <Switch
              id="match-profile"
              checked={matchProfile}
              onCheckedChange={onMatchProfileChange}
              aria-labelledby="match-profile-label"
            />
            <label
              id="match-profile-label"
              htmlFor="match-profile"
              className="text-sm font-medium text-slate-800"
            >
              Match with research profile
            </label>
          </div>
          {showResearcherPicker ? (
            <div className="flex items-center gap-3">
              <label
                htmlFor="researcher-picker"
                className="shrink-0 text-sm font-medium text-slate-800"
              >
                Researcher
              </label>
              <Select
                id="researcher-picker"
                value={researcherId ?? ''}
                onChange={(e) => onResearcherChange(e.target.value || null)}
                className="h-9! min-w-0 flex-1 text-sm"
                disabled={researchersLoading}
              >
                <option value="">Not Selected</option>
                {!selectedKnown && researcherId ? (
                  <option value={researcherId}>Selected researcher</option>
                ) : null}
                {researchers.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
        </div>
      </div>

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Conversation with the search assistant"
        tabIndex={0}
        className="max-h-96 min-h-48 flex-1 space-y-3 overflow-y-auto bg-slate-50 p-4 lg:max-h-none"
      >
        {messages.map((m) => (
          <Bubble
            key={m.id}
            message={m}
            onUndo={() => onUndo(m.id)}
            onSuggestion={() => onSuggestion(m.id)}
          />
        ))}
        {thinking ? (
          <div className="flex items-center gap-2 text-sm text-slate-700" role="status">
            <Loader2 className="size-4 animate-spin text-brand-800" aria-hidden="true" />
            AI is thinking...
          </div>
        ) : null}
      </div>

      <form onSubmit={submit} className="flex items-center gap-2 border-t border-slate-200 p-3">
        <label htmlFor="assistant-input" className="sr-only">
          Describe the grants you are looking for
        </label>
        <Input
          id="assistant-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={`e.g. ${searchExamples.messageBox}`}
          maxLength={1000}
          autoComplete="off"
        />
        <Button
          type="submit"
          aria-label="Send"
          disabled={!text.trim() || thinking}
          className="h-11 shrink-0"
        >
          <Send className="size-4" aria-hidden="true" />
        </Button>
      </form>
      {/* On a phone the results are below the chat, out of sight. */}
      <div className="border-t border-slate-200 px-3 py-2 lg:hidden">
        <Button
          variant="ghost"
          size="sm"
          className="w-full"
          onClick={() => {
            const heading = document.getElementById(resultsHeadingId);
            heading?.scrollIntoView({ block: 'start' });
            heading?.focus({ preventScroll: true });
          }}
        >
          <ArrowDown className="size-4" aria-hidden="true" />
          Show results
        </Button>
      </div>
    </Card>
  );
}

function Bubble({
  message,
  onUndo,
  onSuggestion,
}: {
  message: ChatMessage;
  onUndo: () => void;
  onSuggestion: () => void;
}) {
  const mine = message.from === 'user';
  const bubble = (
    <div className={clsx('flex items-end gap-2', mine ? 'justify-end' : 'justify-start')}>
      {!mine ? (
        <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-900">
          <Bot className="size-4" aria-hidden="true" />
        </span>
      ) : null}
      <p
        className={clsx(
          'max-w-[85%] whitespace-pre-line rounded-2xl px-3.5 py-2 text-sm leading-6',
          mine
            ? 'rounded-br-sm bg-brand-800 text-white'
            : message.failed
              ? 'rounded-bl-sm border border-red-200 bg-red-50 text-red-900'
              : 'rounded-bl-sm border border-slate-200 bg-white text-slate-900',
        )}
      >
        <span className="sr-only">{mine ? 'You: ' : 'Assistant: '}</span>
        {message.text}
      </p>
      {mine ? (
        <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-700">
          <UserRound className="size-4" aria-hidden="true" />
        </span>
      ) : null}
    </div>
  );
  if (!message.undo && !message.suggestion) return bubble;
  return (
    <div>
      {bubble}
      <div className="mt-1 flex flex-wrap gap-2 pl-9">
        {message.suggestion ? (
          <Button variant="secondary" size="sm" onClick={onSuggestion}>
            <X className="size-4" aria-hidden="true" />
            {message.suggestion.label}
          </Button>
        ) : null}
        {message.undo ? (
          <Button variant="secondary" size="sm" onClick={onUndo}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Undo that change
          </Button>
        ) : null}
      </div>
    </div>
  );
}
