import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation, CreateConversationRequest } from '@grantbridge/contract/messaging';
import {
  addMembers,
  createConversation,
  leaveConversation,
  messagingKeys,
} from '../api/messaging-api';
import { removeConversation, upsertConversation } from '../utils/conversation-list';

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateConversationRequest) => createConversation(input),
    onSuccess: (conversation) => {
      queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (list) =>
        list ? upsertConversation(list, conversation) : list,
      );
    },
  });
}

export function useAddMembers(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberIds: string[]) => addMembers(conversationId, memberIds),
    onSuccess: (conversation) => {
      queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (list) =>
        list ? upsertConversation(list, conversation) : list,
      );
    },
  });
}

export function useLeaveConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveConversation(conversationId),
    onSuccess: () => {
      queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (list) =>
        list ? removeConversation(list, conversationId) : list,
      );
      queryClient.removeQueries({ queryKey: messagingKeys.messages(conversationId) });
    },
  });
}
