// The conversation with the search assistant. The server keeps no chat
// state: each message carries the search on screen (the URL's) as context,
// so a follow-up refines what is shown, even after a reload, a saved search
// or a change made with the Filters menu.
import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ChatRequest, ChatResponse, SearchFilters } from '@grantbridge/contract/grants';
import { askAssistant } from '../api/search-api';

export type ChatMessage = { id: number; from: 'user' | 'assistant'; text: string; failed?: boolean };

export const greeting =
  'Hi! Tell me what funding you are looking for — a topic, an agency, an amount or a deadline. For example: “soil carbon grants over 500k due before June”.';
export const failureReply = 'Sorry, I encountered an error while searching. Please try again.';

type Options = {
  matchProfile: boolean;
  researcherId: string | null;
  /** The search a follow-up refines, or null to start one. */
  context: () => SearchFilters | null;
  onAnswer: (response: ChatResponse) => void;
  onReset: () => void;
};

export function useAssistantChat({ matchProfile, researcherId, context, onAnswer, onReset }: Options) {
  const nextId = useRef(1);
  const [messages, setMessages] = useState<ChatMessage[]>([
    { id: 0, from: 'assistant', text: greeting },
  ]);

  const add = (from: ChatMessage['from'], text: string, failed?: boolean) =>
    setMessages((list) => [...list, { id: nextId.current++, from, text, failed }]);

  const mutation = useMutation({
    mutationFn: (request: ChatRequest) => askAssistant(request),
    onSuccess: (response, request) => {
      if (request.reset && !request.message) {
        setMessages([{ id: nextId.current++, from: 'assistant', text: response.reply }]);
        onReset();
        return;
      }
      add('assistant', response.reply);
      onAnswer(response);
    },
    onError: () => add('assistant', failureReply, true),
  });

  const send = (text: string) => {
    const message = text.trim();
    if (!message || mutation.isPending) return;
    add('user', message);
    mutation.mutate({ message, matchProfile, researcherId, reset: false, context: context() });
  };

  const reset = () => {
    if (mutation.isPending) return;
    mutation.mutate({ message: '', matchProfile, researcherId, reset: true, context: null });
  };

  return { messages, send, reset, thinking: mutation.isPending };
}
