// Group and team membership: who is in it and who is invited, whether
// newcomers see the history (the owner's choice), adding people, and leaving.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@grantbridge/contract/messaging';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { isApiError } from '../../../lib/api-client';
import { messagingKeys, setHistoryShared } from '../api/messaging-api';
import { useAddMembers, useLeaveConversation } from '../hooks/use-conversation-actions';
import { upsertConversation } from '../utils/conversation-list';
import { PeoplePicker, type PickedPerson } from './people-picker';

type DialogProps = {
  conversation: Conversation;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function MembersDialog({
  conversation,
  title,
  userId,
  open,
  onOpenChange,
}: DialogProps & { userId: string }) {
  const members = [...conversation.members].sort(
    (a, b) => Number(b.id === userId) - Number(a.id === userId) || a.name.localeCompare(b.name),
  );
  const owner = conversation.ownerId === userId;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Members of ${title}`}
      description={`${members.length} people${conversation.invited.length ? `, ${conversation.invited.length} invited` : ''}`}
    >
      {owner ? (
        <HistoryChoice conversation={conversation} />
      ) : (
        <p className="mb-3 text-sm text-slate-700">
          {conversation.historyShared
            ? 'People who join see the earlier messages too.'
            : 'People who join see the messages sent from when they join.'}
        </p>
      )}
      <ul className="divide-y divide-slate-100">
        {members.map((m) => (
          <li key={m.id} className="flex items-center gap-3 py-2.5">
            <InitialsAvatar name={m.name} online={m.online} />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900">
                {m.name}
                {m.id === userId ? ' (you)' : ''}
              </span>
              <span className="block truncate text-xs text-slate-600">
                {[m.title, m.institutionName].filter(Boolean).join(' · ')}
              </span>
            </span>
            <span
              className={
                m.online ? 'text-xs font-medium text-emerald-800' : 'text-xs text-slate-600'
              }
            >
              {m.online ? 'Online' : 'Offline'}
            </span>
          </li>
        ))}
        {conversation.invited.map((m) => (
          <li key={m.id} className="flex items-center gap-3 py-2.5">
            <InitialsAvatar name={m.name} />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900">{m.name}</span>
              <span className="block truncate text-xs text-slate-600">
                {[m.title, m.institutionName].filter(Boolean).join(' · ')}
              </span>
              <span className="block text-xs font-medium text-slate-700">Invited, not answered yet</span>
            </span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** The owner's switch: whether people who join see what was said before. */
function HistoryChoice({ conversation }: { conversation: Conversation }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (shared: boolean) => setHistoryShared(conversation.id, shared),
    onSuccess: (updated) =>
      queryClient.setQueryData<Conversation[]>(messagingKeys.conversations, (list) =>
        list ? upsertConversation(list, updated) : list,
      ),
  });
  return (
    <div className="mb-3 rounded-lg bg-slate-50 px-3 py-2">
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={change.isPending ? change.variables : conversation.historyShared}
          disabled={change.isPending}
          onChange={(event) => change.mutate(event.target.checked)}
        />
        <span>
          People who join see the earlier messages
          <span className="block text-xs text-slate-600">
            Off: a newcomer sees what is sent from when they join. You started this {conversation.type}, so you choose.
          </span>
        </span>
      </label>
      {change.error ? (
        <p role="alert" className="mt-1 text-xs font-medium text-red-800">
          {isApiError(change.error) ? change.error.detail || change.error.message : 'Not saved. Try again.'}
        </p>
      ) : null}
    </div>
  );
}

export function AddPeopleDialog({ conversation, title, open, onOpenChange }: DialogProps) {
  const [people, setPeople] = useState<PickedPerson[]>([]);
  const [error, setError] = useState<string>();
  const add = useAddMembers(conversation.id);

  const changeOpen = (next: boolean) => {
    if (!next) {
      setPeople([]);
      setError(undefined);
      add.reset();
    }
    onOpenChange(next);
  };

  const submit = () => {
    if (people.length === 0) {
      setError('Choose who to add.');
      return;
    }
    add.mutate(
      people.map((p) => p.id),
      {
        onSuccess: () => changeOpen(false),
        onError: (e) =>
          setError(
            isApiError(e)
              ? e.errors[0]?.message || e.detail || e.message
              : 'People could not be added. Check your connection and try again.',
          ),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen} title={`Add people to ${title}`}>
      <form
        aria-label="Add people"
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <PeoplePicker
          id="add-people"
          label="People"
          selected={people}
          onChange={(next) => {
            setPeople(next);
            setError(undefined);
          }}
          excludeIds={[...conversation.members, ...conversation.invited].map((m) => m.id)}
          error={error}
        />
        <p className="text-xs text-slate-600">
          Colleagues join at once. People at other institutions are invited and join when they accept.
        </p>
        <DialogActions>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add people'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function LeaveDialog({
  conversation,
  title,
  open,
  onOpenChange,
  onLeft,
}: DialogProps & { onLeft: () => void }) {
  const leave = useLeaveConversation(conversation.id);
  const [error, setError] = useState<string>();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(undefined);
        onOpenChange(next);
      }}
      title={`Leave ${title}?`}
      description={`You will stop receiving this ${conversation.type}'s messages. A member can add you again.`}
    >
      {error ? (
        <p
          role="alert"
          className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      ) : null}
      <DialogActions>
        <Button
          variant="danger"
          disabled={leave.isPending}
          onClick={() =>
            leave.mutate(undefined, {
              onSuccess: () => {
                onOpenChange(false);
                onLeft();
              },
              onError: (e) =>
                setError(isApiError(e) ? e.detail || e.message : 'Could not leave. Try again.'),
            })
          }
        >
          {leave.isPending ? 'Leaving…' : 'Leave'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
