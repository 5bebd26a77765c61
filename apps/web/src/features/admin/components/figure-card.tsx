// A figure that links to the list it counts, with a line saying what it counts.
import { useId } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';

export type FigureCardProps = {
  label: string;
  value: string;
  /** Said after the value, smaller ("of 8 active"). */
  suffix?: string;
  /** What is counted, in plain words; also the link's description. */
  detail: string;
  to: string;
  Icon: LucideIcon;
  /** The list below already shows what this card counts. */
  current?: boolean;
};

export function FigureCard({ label, value, suffix, detail, to, Icon, current }: FigureCardProps) {
  const className = clsx(
    'flex h-full flex-col gap-2 rounded-2xl border bg-white p-3 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 sm:p-5',
    current ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200',
  );
  const body = (
    <>
      <span className="flex items-start justify-between gap-2 text-sm font-medium text-slate-700">
        {label}
        <Icon className="size-5 shrink-0 text-brand-800" aria-hidden="true" />
      </span>
      <span className="text-xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {value}
        {suffix ? (
          <span className="text-sm font-semibold tracking-normal text-slate-700 sm:text-base">
            {' '}
            {suffix}
          </span>
        ) : null}
      </span>
      <span className="text-xs leading-relaxed text-slate-700">{detail}</span>
    </>
  );
  // A list on the same page is reached by its anchor.
  if (to.startsWith('#')) {
    return (
      <a href={to} className={className}>
        {body}
      </a>
    );
  }
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={current ? 'true' : undefined}
      className={className}
    >
      {body}
    </Link>
  );
}

/** A row of figure cards: two across on a phone, four on a wide screen. */
export function FigureCards({ title, cards }: { title: string; cards: FigureCardProps[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="sr-only">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label}>
            <FigureCard {...card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
