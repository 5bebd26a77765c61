// What the product posts itself (someone joined, a team formed, an award was
// shared): one compact line with an icon, its subject's name linked to the
// person or the grant.
import { Link } from 'react-router';
import { Award, UserPlus, UsersRound } from 'lucide-react';
import type { FeedItem } from '@grantbridge/contract/feed';
import { eventParts } from '../utils/event-text';
import { PostTime } from './post-parts';
import type { FeedPaths } from './feed-post';

const icons = {
  'member.joined': UserPlus,
  'application.awarded': Award,
  'team.formed': UsersRound,
} as const;

export function FeedEvent({ item, paths, now }: { item: FeedItem; paths: FeedPaths; now: Date }) {
  const event = item.event;
  const Icon = event ? icons[event.type] : UserPlus;
  const subject = event?.subject;
  const to = subject
    ? subject.kind === 'grant'
      ? paths.grant(subject.id)
      : paths.person(subject.id)
    : null;
  const parts = subject ? eventParts(item.content, subject.label) : null;
  const link = (text: string) =>
    to ? (
      <Link to={to} className="font-semibold text-brand-900 underline-offset-2 hover:underline">
        {text}
      </Link>
    ) : (
      text
    );
  return (
    <article
      aria-label="Activity"
      className="flex items-start gap-3 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-800"
    >
      <span className="mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-900">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="[overflow-wrap:anywhere]">
          {parts ? (
            <>
              {parts.before}
              {link(parts.label)}
              {parts.after}
            </>
          ) : (
            <>
              {item.content} {subject ? link(subject.label) : null}
            </>
          )}
        </p>
        <p className="mt-0.5 text-xs text-slate-600">
          <PostTime createdAt={item.createdAt} editedAt={null} now={now} />
        </p>
      </div>
    </article>
  );
}
