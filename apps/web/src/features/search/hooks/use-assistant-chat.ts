// The conversation with the search assistant. The server keeps no chat
// state: each message carries the search on screen (the URL's) as context,
// so a follow-up refines what is shown, even after a reload, a saved search
// or a change made with the Filters menu. An answer carries the first page of
// its results, put in the results panel's cache under the query the URL will
// hold, so a message costs one search.
import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GrantSearchResponse, SortOption } from '@grantbridge/contract/grants';
import type { ChatRequest, ChatResponse, SearchFilters } from '@grantbridge/contract/assistant';
import { searchExamples } from '@grantbridge/contract/search-examples';
import { askAssistant, searchKeys } from '../api/search-api';
import { pageSize } from '../utils/search-state';

export type ChatMessage = {
  id: number;
  from: 'user' | 'assistant';
  text: string;
  failed?: boolean;
  /** A follow-up left nothing: the search before it, which Undo restores. */
  undo?: SearchFilters;
  /** A follow-up left nothing: the search without the change that did it ("Drop …"). */
  suggestion?: { label: string; filters: SearchFilters };
};

/** Typed instead of pressing Undo. */
const undoWords = /^(?:undo(?: that| it| the last change)?|go back|revert(?: that)?)[.!]*$/i;
export const undoneReply = 'Back to the search before that change.';

export const greeting = `Hi! Tell me what funding you are looking for — a topic, an agency, an amount or a deadline. For example: “${searchExamples.greeting}”.`;
export const failureReply = 'Sorry, I encountered an error while searching. Please try again.';

type Options = {
  matchProfile: boolean;
  researcherId: string | null;
  /** The order the results panel shows. */
  sort: SortOption;
  /**
   * The search a follow-up refines, or null to start one. Given what the last
   * answer offers to refine instead when it found nothing (and what it showed).
   */
  context: (instead: { shown: SearchFilters; context: SearchFilters } | null) => SearchFilters | null;
  onAnswer: (response: ChatResponse) => void;
  /** Puts a search back on screen (Undo). */
  onRestore: (filters: SearchFilters) => void;
  onReset: () => void;
};

export function useAssistantChat({
  matchProfile,
  researcherId,
  sort,
  context,
  onAnswer,
  onRestore,
  onReset,
}: Options) {
  const queryClient = useQueryClient();
  const nextId = useRef(1);
  const [messages, setMessages] = useState<ChatMessage[]>([
    { id: 0, from: 'assistant', text: greeting },
  ]);

  const add = (
    from: ChatMessage['from'],
    text: string,
    failed?: boolean,
    undo?: SearchFilters,
    suggestion?: ChatMessage['suggestion'],
  ) => setMessages((list) => [...list, { id: nextId.current++, from, text, failed, undo, suggestion }]);
  /** When the last answer found nothing: the reading a follow-up should refine instead (the last one with results). */
  const refineInstead = useRef<{ shown: SearchFilters; context: SearchFilters } | null>(null);

  const mutation = useMutation({
    mutationFn: (request: ChatRequest) => askAssistant(request),
    onSuccess: (response, request) => {
      if (request.reset && !request.message) {
        setMessages([{ id: nextId.current++, from: 'assistant', text: response.reply }]);
        onReset();
        return;
      }
      add('assistant', response.reply, false, response.undo ?? undefined, response.suggestion ?? undefined);
      refineInstead.current =
        response.total === 0 && response.context ? { shown: response.filters, context: response.context } : null;
      if (response.query) {
        const { results, total, totalCapped, profileIgnored, page, pageSize: size, corrections, recurring, unstated } =
          response;
        queryClient.setQueryData<GrantSearchResponse>(searchKeys.results(response.query), {
          results,
          total,
          totalCapped,
          profileIgnored,
          page,
          pageSize: size,
          corrections,
          recurring,
          unstated,
          // The answer's search is the one shown: when the assistant loosened it, its reply says so.
          relaxed: null,
        });
      }
      onAnswer(response);
    },
    onError: () => add('assistant', failureReply, true),
  });

  /** Restores the search a message offers to undo to, once. */
  const undo = (messageId: number, typed?: string) => {
    const target = messages.find((m) => m.id === messageId)?.undo;
    if (!target) return;
    setMessages((list) =>
      list.map((m) => (m.id === messageId ? { ...m, undo: undefined, suggestion: undefined } : m)),
    );
    if (typed) add('user', typed);
    add('assistant', undoneReply);
    refineInstead.current = null;
    onRestore(target);
  };

  /** Applies the search a message offers without the change that emptied it, once. */
  const applySuggestion = (messageId: number) => {
    const suggestion = messages.find((m) => m.id === messageId)?.suggestion;
    if (!suggestion) return;
    setMessages((list) =>
      list.map((m) => (m.id === messageId ? { ...m, undo: undefined, suggestion: undefined } : m)),
    );
    add('assistant', `${suggestion.label.replace(/^Drop /, 'Dropped ')}.`);
    refineInstead.current = null;
    onRestore(suggestion.filters);
  };

  const send = (text: string) => {
    const message = text.trim();
    if (!message || mutation.isPending) return;
    const last = messages[messages.length - 1];
    if (undoWords.test(message) && last?.undo) {
      undo(last.id, message);
      return;
    }
    add('user', message);
    mutation.mutate({
      message,
      matchProfile,
      researcherId,
      reset: false,
      context: context(refineInstead.current),
      sort,
      pageSize,
    });
  };

  const reset = () => {
    if (mutation.isPending) return;
    mutation.mutate({
      message: '',
      matchProfile,
      researcherId,
      reset: true,
      context: null,
      sort,
      pageSize,
    });
  };

  return {
    messages,
    send,
    reset,
    undo: (id: number) => undo(id),
    applySuggestion,
    thinking: mutation.isPending,
  };
}
