// "Near the NIH application limit": the institution's researchers at or one
// below a sponsor's cap this year (NIH accepts six a year from one PI;
// decision 060), each linked to their page. On Manage Researchers.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { Card } from '../../../components/ui/card';
import { Chip } from '../../../components/ui/chip';
import { getNearSponsorCaps, sponsorCapKeys } from '../api/sponsor-caps-api';

/**
 * Asked for at once, shown once `below` has arrived: the panel sits under the
 * directory, and appearing above it while the directory still loads would
 * push the directory's table and pages down (a layout shift).
 */
export function NearCapPanel({ below }: { below: boolean }) {
  const near = useQuery({ queryKey: sponsorCapKeys.near, queryFn: ({ signal }) => getNearSponsorCaps(signal) });
  if (!near.data || !below) return null;
  const { year, researchers } = near.data;
  const sponsors = [...new Set(researchers.map((r) => r.status.sponsor))];
  const title = `Near the ${sponsors.length ? sponsors.join(' or ') : 'NIH'} application limit`;
  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby="near-cap-title">
      <h2 id="near-cap-title" className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {researchers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No one is within one application of a sponsor’s limit in {year}.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {researchers.map(({ researcher, status }) => (
            <li key={`${researcher.id}-${status.sponsor}`} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <Link to={paths.admin.researcher(researcher.id)} className="font-medium text-brand-900 hover:underline">
                  {researcher.name}
                </Link>
                {researcher.department ? <span className="text-slate-700"> · {researcher.department}</span> : null}
              </span>
              <Chip tone={status.atCap ? 'red' : 'amber'}>
                {status.used} of {status.cap} {status.sponsor} applications in {year}
              </Chip>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
