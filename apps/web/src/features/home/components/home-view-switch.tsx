// The two-button switch at the top of the researcher home: the feed layout or
// the stat view ("Overview"). Which one is pressed is said, not only shown.
import clsx from 'clsx';
import { LayoutDashboard, Rss } from 'lucide-react';
import type { HomeView } from '@grantbridge/contract/home';

const options = [
  { view: 'feed', label: 'Feed', Icon: Rss },
  { view: 'stats', label: 'Overview', Icon: LayoutDashboard },
] as const;

export function HomeViewSwitch({
  view,
  onChange,
}: {
  view: HomeView | undefined;
  onChange: (view: HomeView) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Home view"
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm"
    >
      {options.map(({ view: option, label, Icon }) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
          className={clsx(
            'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors',
            view === option ? 'bg-brand-800 text-white' : 'text-slate-800 hover:bg-slate-100',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}
