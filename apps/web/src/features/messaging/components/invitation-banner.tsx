// An invitation to a group or team from someone at another institution
// (decision 043): the invitee sees who asked and who is in it, nothing of
// what was said, and joins only by accepting.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@grantbridge/contract/messaging';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { answerRequest, messagingKeys } from '../api/messaging-api';
import { removeConversation, upsertConversation } from '../utils/conversation-list';

type Props = { conversation: Conversation; title: string; onDeclined: () => void };

export function InvitationBanner({ conversation, title, onDeclined }: Props) {
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (choice: 'accept' | 'decline') => answerRequest(conversation.id, choice),
    onSuccess: (updated, choice) => {
      queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (list) =>
        list ? (choice === 'accept' ? upsertConversation(list, updated) : removeConversation(list, conversation.id)) : list,
      );
      if (choice === 'decline') onDeclined();
      else void queryClient.invalidateQueries({ queryKey: messagingKeys.messages(conversation.id) });
    },
  });
  // Who else is in it (the inviter is named already).
  const others = conversation.members.map((m) => m.name).filter((name) => name !== conversation.invitedBy);
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-slate-800">
      <p className="max-w-md">
        <strong>{conversation.invitedBy ?? 'Someone'}</strong> invited you to the {conversation.type}{' '}
        <strong>{title}</strong>
        {others.length ? ` with ${others.slice(0, 4).join(', ')}${others.length > 4 ? ` and ${others.length - 4} more` : ''}` : ''}.
      </p>
      <p className="max-w-md text-slate-600">
        You will see its messages once you accept
        {conversation.historyShared ? ', earlier ones included.' : ', from then on.'} Nobody there sees whether you are
        online until you do.
      </p>
      <div className="flex gap-2">
        <Button size="sm" disabled={answer.isPending} onClick={() => answer.mutate('accept')}>
          Accept
        </Button>
        <Button size="sm" variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate('decline')}>
          Decline
        </Button>
      </div>
      {answer.error ? (
        <p role="alert" className="font-medium text-red-800">
          {isApiError(answer.error) ? answer.error.detail || answer.error.message : 'That did not work. Try again.'}
        </p>
      ) : null}
    </div>
  );
}
