// A direct conversation that is a message request (someone at another
// institution writing first): the recipient accepts, declines, blocks or
// reports; the sender only sees that it waits, or was declined (what each
// side is offered is in utils/request-actions.ts).
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationMember } from '@grantbridge/contract/messaging';
import { pendingRequestMessageLimit } from '@grantbridge/contract/messaging';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import {
  answerRequest,
  blockPerson,
  messagingKeys,
  reportConversation,
  unblockPerson,
} from '../api/messaging-api';
import { upsertConversation } from '../utils/conversation-list';
import { requestActions } from '../utils/request-actions';

type Props = { conversation: Conversation; other: ConversationMember };

export function RequestBanner({ conversation, other }: Props) {
  const queryClient = useQueryClient();
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const request = conversation.request;

  const answer = useMutation({
    mutationFn: (choice: 'accept' | 'decline') => answerRequest(conversation.id, choice),
    onSuccess: (updated) =>
      queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (list) =>
        list ? upsertConversation(list, updated) : list,
      ),
  });
  const block = useMutation({
    mutationFn: (on: boolean) => (on ? blockPerson(other.id) : unblockPerson(other.id)),
    onSuccess: (_data, on) => {
      setBlocked(on);
      setNotice(
        on
          ? `You blocked ${other.name}. They cannot message you or add you to groups.`
          : `You unblocked ${other.name}.`,
      );
    },
  });
  const report = useMutation({
    mutationFn: () => reportConversation(conversation.id, reason.trim()),
    onSuccess: () => {
      setReporting(false);
      setReason('');
      setNotice('Thank you. Your report was sent to the administrators.');
    },
  });
  const failure = [answer.error, block.error, report.error].find(Boolean);

  const actions = requestActions(request);
  const incoming = request?.state === 'pending' && !request.fromMe;
  const text = incoming
    ? `${other.name} at ${other.institutionName} wants to message you. They will not see whether you are online unless you accept.`
    : request?.state === 'pending'
      ? `Request sent. ${other.name} sees your messages once they accept; until then you can send ${pendingRequestMessageLimit}.`
      : request?.state === 'declined' && request.fromMe
        ? `${other.name} declined your message request.`
        : request?.state === 'declined'
          ? `You declined this request.`
          : null;

  return (
    <div className="border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800 sm:px-5">
      {text ? <p>{text}</p> : null}
      {actions.answer || actions.blockAndReport ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {actions.answer ? (
            <>
              <Button size="sm" disabled={answer.isPending} onClick={() => answer.mutate('accept')}>
                Accept
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={answer.isPending}
                onClick={() => answer.mutate('decline')}
              >
                Decline
              </Button>
            </>
          ) : null}
          {actions.blockAndReport ? (
            <>
              <Button
                size="sm"
                variant="ghost"
                disabled={block.isPending}
                onClick={() => block.mutate(!blocked)}
              >
                {blocked ? `Unblock ${other.name}` : `Block ${other.name}`}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setReporting((open) => !open)}
                aria-expanded={reporting}
              >
                Report
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      {reporting && actions.blockAndReport ? (
        <form
          className="mt-2 flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim()) report.mutate();
          }}
        >
          <label htmlFor={`report-${conversation.id}`} className="font-medium">
            What is wrong with this conversation?
          </label>
          <textarea
            id={`report-${conversation.id}`}
            value={reason}
            maxLength={1000}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
            className="rounded-md border border-slate-300 bg-white p-2"
          />
          <div>
            <Button size="sm" type="submit" disabled={!reason.trim() || report.isPending}>
              Send report
            </Button>
          </div>
        </form>
      ) : null}
      <p aria-live="polite" className="mt-1">
        {notice}
      </p>
      {failure ? (
        <p role="alert" className="mt-1 text-red-700">
          {isApiError(failure) && failure.detail ? failure.detail : 'That did not work. Try again.'}
        </p>
      ) : null}
    </div>
  );
}
