// The researcher home's Recommended Researchers: people at other institutions
// whose work meets the user's, with why (interests they share, areas they add,
// a paper together), the people both talk to, a link to the profile and (from
// the route) a way to message them.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { RecommendedResearcher } from '@grantbridge/contract/profile';
import { Card } from '../../../components/ui/card';
import { Chip } from '../../../components/ui/chip';
import { LoadingState } from '../../../components/ui/loading-state';
import { initialsOf } from '../../../lib/format';
import { recommendedResearchersQuery } from '../api/matching-api';
import { LoadFailed } from '../../../components/ui/load-failed';

type Props = {
  personPath: (id: string) => string;
  renderActions?: (person: RecommendedResearcher['researcher']) => ReactNode;
};

export function RecommendedResearchers({ personPath, renderActions }: Props) {
  const recommended = useQuery(recommendedResearchersQuery);
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="recommended-title">
      <h2 id="recommended-title" className="text-lg font-semibold text-slate-900">
        Recommended Researchers
      </h2>
      {recommended.isPending ? (
        <LoadingState label="Finding researchers…" className="p-4" />
      ) : recommended.isError ? (
        <LoadFailed what="Recommendations" onRetry={() => void recommended.refetch()} className="mt-3" />
      ) : recommended.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          Add research areas to your profile to meet researchers who share them.
        </p>
      ) : (
        <ul className="mt-3 space-y-4">
          {recommended.data.map(
            ({ researcher, commonInterests, complementaryAreas, coAuthor, mutualConnections }) => (
              <li key={researcher.id} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900"
                >
                  {initialsOf(researcher.name)}
                </span>
                <div className="min-w-0 text-sm">
                  <Link
                    to={personPath(researcher.id)}
                    className="font-semibold text-brand-900 hover:underline"
                  >
                    {researcher.name}
                  </Link>
                  <p className="text-slate-700">
                    {[researcher.title, researcher.institution].filter(Boolean).join(' · ')}
                  </p>
                  {/* Why: what both work on, what they add that often shares a grant with the reader's, a paper together. */}
                  {coAuthor ? (
                    <p className="mt-1 text-xs font-medium text-slate-800">
                      You have published together
                    </p>
                  ) : null}
                  {commonInterests.length ? (
                    <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-700">
                      <span>Both work on:</span>
                      {commonInterests.slice(0, 3).map((interest) => (
                        <Chip key={interest}>{interest}</Chip>
                      ))}
                    </div>
                  ) : null}
                  {complementaryAreas.length ? (
                    <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-700">
                      <span>Adds, often funded with yours:</span>
                      {complementaryAreas.slice(0, 2).map((area) => (
                        <Chip key={area} tone="green">
                          {area}
                        </Chip>
                      ))}
                    </div>
                  ) : null}
                  {mutualConnections ? (
                    <p className="mt-1 text-xs text-slate-700">
                      {mutualConnections} mutual connection{mutualConnections === 1 ? '' : 's'}
                    </p>
                  ) : null}
                  {renderActions ? <div className="mt-2">{renderActions(researcher)}</div> : null}
                </div>
              </li>
            ),
          )}
        </ul>
      )}
    </Card>
  );
}
