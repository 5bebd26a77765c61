// Start a conversation: a direct message with one person, or a named group or
// team. For someone you already message directly, the server returns that chat.
import { useState, type FormEvent } from 'react';
import clsx from 'clsx';
import type { Conversation, ConversationType } from '@grantbridge/contract/messaging';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { useCreateConversation } from '../hooks/use-conversation-actions';
import { PeoplePicker, type PickedPerson } from './people-picker';

const typeOptions: { value: ConversationType; label: string; hint: string }[] = [
  { value: 'direct', label: 'Direct Message', hint: 'One other person' },
  { value: 'group', label: 'Group', hint: 'Named, three or more people' },
  { value: 'team', label: 'Team', hint: 'A named grant team' },
];

type Errors = { memberIds?: string; name?: string; form?: string };

export function NewMessageDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (conversation: Conversation) => void;
}) {
  const [type, setType] = useState<ConversationType>('direct');
  const [people, setPeople] = useState<PickedPerson[]>([]);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateConversation();
  const named = type !== 'direct';

  const reset = () => {
    setType('direct');
    setPeople([]);
    setName('');
    setErrors({});
    create.reset();
  };

  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const changeType = (next: ConversationType) => {
    setType(next);
    setErrors({});
    if (next === 'direct' && people.length > 1) setPeople(people.slice(0, 1));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (type === 'direct' && people.length !== 1) found.memberIds = 'Choose the person to message.';
    if (named && people.length < 2)
      found.memberIds = 'Choose at least two people (three with you).';
    if (named && !name.trim()) found.name = `Give the ${type} a name.`;
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate(
      { type, memberIds: people.map((p) => p.id), name: named ? name.trim() : undefined },
      {
        onSuccess: (conversation) => {
          changeOpen(false);
          onCreated(conversation);
        },
        onError: (error) => {
          if (!isApiError(error)) {
            setErrors({
              form: 'The conversation could not be created. Check your connection and try again.',
            });
            return;
          }
          const next: Errors = {};
          for (const e of error.errors) {
            if (e.path.startsWith('memberIds')) next.memberIds ??= e.message;
            else if (e.path === 'name') next.name ??= e.message;
          }
          if (!next.memberIds && !next.name) {
            next.form =
              error.code === 'rate_limited'
                ? 'You are starting conversations too fast. Wait a moment and try again.'
                : error.detail || error.message;
          }
          setErrors(next);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen} title="New Message">
      <form onSubmit={onSubmit} noValidate aria-label="New Message" className="space-y-5">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">Message Type</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {typeOptions.map((option) => (
              <label
                key={option.value}
                className={clsx(
                  'flex cursor-pointer items-start gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
                  type === option.value
                    ? 'border-brand-600 bg-brand-50 text-brand-900'
                    : 'border-slate-300 text-slate-800 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name="message-type"
                  value={option.value}
                  checked={type === option.value}
                  onChange={() => changeType(option.value)}
                  className="mt-0.5 accent-brand-800"
                />
                <span>
                  <span className="block font-medium">{option.label}</span>
                  <span className="block text-xs text-slate-600">{option.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {named ? (
          <Field
            id="new-message-name"
            label={type === 'team' ? 'Team name' : 'Group name'}
            required
            error={errors.name}
          >
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={100}
                onChange={(event) => setName(event.target.value)}
                placeholder={
                  type === 'team'
                    ? 'e.g. NSF Macrosystems proposal'
                    : 'e.g. Soil carbon reading group'
                }
              />
            )}
          </Field>
        ) : null}

        <PeoplePicker
          id="new-message-people"
          label={type === 'direct' ? 'To' : 'People'}
          single={type === 'direct'}
          selected={people}
          onChange={(next) => {
            setPeople(next);
            setErrors((e) => ({ ...e, memberIds: undefined }));
          }}
          error={errors.memberIds}
        />

        {errors.form ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          >
            {errors.form}
          </p>
        ) : null}

        <DialogActions>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
