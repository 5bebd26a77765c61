// Group and team membership: who is in it, adding people, and leaving.
import { useState } from 'react';
import type { Conversation } from '@grantbridge/contract/messaging';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { isApiError } from '../../../lib/api-client';
import { useAddMembers, useLeaveConversation } from '../hooks/use-conversation-actions';
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
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Members of ${title}`}
      description={`${members.length} people`}
    >
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
      </ul>
    </Dialog>
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
          excludeIds={conversation.members.map((m) => m.id)}
          error={error}
        />
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
