// "More like this" on the grant page (issue 29 §5, decision 064): the grant's
// nearest open grants as links to their pages, each with its agency, close
// date and why it is near. It loads after the grant and sits last in its
// column (last on the page on a phone), and keeps its rows' room while it
// loads, so nothing moves when it arrives.
import { Link } from 'react-router';
import { Layers } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { LoadFailed } from '../../../components/ui/load-failed';
import { formatDate } from '../../../lib/format';
import { similarGrantsShown, useSimilarGrants } from '../hooks/use-similar-grants';

export function SimilarGrants({ grantId }: { grantId: string }) {
  const similar = useSimilarGrants(grantId);
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="grant-similar">
      <h2
        id="grant-similar"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        <Layers className="size-5 text-brand-800" aria-hidden="true" />
        More like this
      </h2>
      {similar.isPending ? (
        // The rows' room, kept while they load.
        <div role="status" className="mt-3 divide-y divide-slate-100">
          <span className="sr-only">Finding similar grants…</span>
          {Array.from({ length: similarGrantsShown }, (_, i) => (
            <div key={i} className="space-y-2 py-3" aria-hidden="true">
              <div className="h-4 w-11/12 rounded bg-slate-100" />
              <div className="h-3 w-2/3 rounded bg-slate-100" />
              <div className="h-3 w-1/2 rounded bg-slate-100" />
            </div>
          ))}
        </div>
      ) : similar.isError ? (
        <LoadFailed what="Similar grants" onRetry={() => void similar.refetch()} className="mt-3" />
      ) : similar.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No similar open grants.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {similar.data.map(({ grant, why }) => (
            <li key={grant.id} className="py-3">
              {/* The page's own path with another id: /dashboard/grant/… or /admin/grant/…, whichever this is. */}
              <Link
                to={`../${encodeURIComponent(grant.id)}`}
                relative="path"
                className="text-sm font-semibold leading-snug text-brand-800 underline-offset-2 hover:underline"
              >
                {grant.title}
              </Link>
              {/* Agency and close date wrap apart in a narrow column: no separator left dangling. */}
              <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-700">
                <span>{grant.agency ?? grant.agencyCode ?? 'Agency not stated'}</span>
                <span className="whitespace-nowrap">
                  {grant.closeDate ? `Closes ${formatDate(grant.closeDate)}` : 'No close date'}
                </span>
              </p>
              <p className="mt-0.5 text-xs text-slate-600">{why}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
