// A sent newsletter's counts: who it went to, grants opened from it (by e-mail
// link or in the app), by how many people, per grant, and unsubscribes since.
import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadingState } from '../../../components/ui/loading-state';
import { formatInteger } from '../../../lib/format';
import { getStats, newsletterKeys } from '../api/newsletters-api';

export function NewsletterStatsPanel({ id }: { id: string }) {
  const stats = useQuery({ queryKey: newsletterKeys.stats(id), queryFn: ({ signal }) => getStats(id, signal) });
  if (stats.isPending) return <LoadingState label="Loading the counts…" className="p-2" />;
  if (stats.isError) return <LoadFailed what="The counts" onRetry={() => void stats.refetch()} className="mt-3" />;
  const s = stats.data;
  const figures: [string, number][] = [
    ['Recipients', s.recipients],
    ['Grant opens', s.clicks],
    ['People who opened a grant', s.people],
    ['Unsubscribed since', s.unsubscribed],
  ];
  return (
    <div className="mt-3 border-t border-slate-200 pt-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-700">{label}</dt>
            <dd className="text-xl font-semibold text-slate-900">{formatInteger(value)}</dd>
          </div>
        ))}
      </dl>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Opens per grant</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-700">
            <th scope="col" className="py-2 pr-2 font-medium">
              Grant
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              Opens
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              People
            </th>
          </tr>
        </thead>
        <tbody>
          {s.grants.map((g) => (
            <tr key={g.grantId} className="border-b border-slate-100 last:border-b-0">
              <td className="py-2 pr-2 break-words text-slate-900">{g.title}</td>
              <td className="py-2 pr-2 text-right text-slate-900 tabular-nums">{formatInteger(g.clicks)}</td>
              <td className="py-2 text-right text-slate-900 tabular-nums">{formatInteger(g.people)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
