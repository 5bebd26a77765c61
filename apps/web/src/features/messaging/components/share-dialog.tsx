// The Send in Messages dialog (share-in-messages.tsx loads it): pick chats
// the user already has, or colleagues by name (each gets the direct chat with
// them), add a note, send. Decision 051.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Send } from 'lucide-react';
import { messageMaxLength } from '@grantbridge/contract/messaging';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { createConversation, sendMessage } from '../api/messaging-api';
import { useConversations } from '../hooks/use-conversations';
import { storeMessage } from '../hooks/use-messaging-realtime';
import { newClientId } from '../hooks/use-send-message';
import { conversationTitle } from '../utils/conversation-list';
import { PeoplePicker, type PickedPerson } from './people-picker';
import type { SharedGrant } from './share-in-messages';

/** Most recent chats offered to share into. */
const chatsShown = 8;

export function ShareDialog({ grant, userId, onClose }: { grant: SharedGrant; userId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const conversations = useConversations();
  const [chatIds, setChatIds] = useState<string[]>([]);
  const [people, setPeople] = useState<PickedPerson[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  // A declined request cannot take messages; a pending one of mine can (up to its limit).
  const chats = (conversations.data ?? [])
    .filter((c) => c.request?.state !== 'declined')
    .slice(0, chatsShown);

  const toggleChat = (id: string) =>
    setChatIds((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chatIds.length === 0 && people.length === 0) {
      setError('Choose a chat or a colleague to share with.');
      return;
    }
    setPending(true);
    setError(undefined);
    const content = note.trim() || `Shared a grant: ${grant.title}`;
    const sent: string[] = [];
    try {
      // Each colleague picked by name gets the direct chat with them (found or started).
      const direct = await Promise.all(
        people.map((p) => createConversation({ type: 'direct', memberIds: [p.id] })),
      );
      const targets = [...new Set([...chatIds, ...direct.map((c) => c.id)])];
      for (const conversationId of targets) {
        const message = await sendMessage(conversationId, { content, clientId: newClientId(), grantId: grant.id });
        storeMessage(queryClient, message, { userId, openId: null });
        sent.push(conversationId);
      }
      toast.success(targets.length === 1 ? 'Grant sent in 1 chat' : `Grant sent in ${targets.length} chats`);
      onClose();
    } catch (e) {
      const reason = isApiError(e) ? e.errors[0]?.message || e.detail || e.message : 'Check your connection.';
      const message = `${sent.length ? `Sent in ${sent.length}, then it stopped: ` : 'Not sent: '}${reason}`;
      setError(message);
      toast.error(message);
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title="Send in Messages"
      description={grant.title}
      className="max-w-xl"
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">Your chats</legend>
          {conversations.isPending ? (
            <p className="text-sm text-slate-700">Loading your chats…</p>
          ) : chats.length === 0 ? (
            <p className="text-sm text-slate-700">No chats yet: pick colleagues by name below.</p>
          ) : (
            <ul className="max-h-56 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-1">
              {chats.map((c) => (
                <li key={c.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm text-slate-800 hover:bg-slate-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
                    <input
                      type="checkbox"
                      checked={chatIds.includes(c.id)}
                      onChange={() => toggleChat(c.id)}
                      className="size-4 accent-brand-800"
                    />
                    <span className="min-w-0 flex-1 truncate font-medium">{conversationTitle(c, userId)}</span>
                    <span className="shrink-0 text-xs text-slate-600">
                      {c.type === 'direct' ? 'Direct' : c.type === 'team' ? 'Team' : 'Group'}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>

        <PeoplePicker
          id="share-people"
          label="Colleagues"
          hint="Each gets it in your direct chat with them."
          selected={people}
          onChange={(next) => {
            setPeople(next);
            setError(undefined);
          }}
        />

        <Field id="share-note" label="Note" optional hint="Sent with the grant’s card.">
          {(aria) => (
            <Textarea
              {...aria}
              rows={2}
              maxLength={messageMaxLength}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="e.g. This fits our soil carbon idea. Shall we apply?"
            />
          )}
        </Field>

        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}

        <DialogActions>
          <Button type="submit" disabled={pending}>
            <Send className="size-4" aria-hidden="true" />
            {pending ? 'Sending…' : 'Send'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
