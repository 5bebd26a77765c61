// The researcher's applications on the pipeline page: a list, or a board with
// a column per stage still in progress; each shows its deadlines.
import { Link } from 'react-router';
import type { ApplicationItem } from '@grantbridge/contract/pipeline';
import { Chip } from '../../../components/ui/chip';
import { formatDate, formatMoney } from '../../../lib/format';
import { applicationStatusLabel, applicationStatusTone, inProgressStages } from '../utils/application-status';
import { daysLeftLabel } from '../utils/deadlines';

const roleLabel = { pi: 'PI', co_investigator: 'Co-investigator', contributor: 'Contributor', admin: 'Research office' };

function deadlineLine(item: ApplicationItem) {
  const parts = [];
  if (item.internalDeadline) parts.push(`Internal ${formatDate(item.internalDeadline)} (${daysLeftLabel(item.internalDeadline)})`);
  if (item.sponsorDeadline) parts.push(`Sponsor ${formatDate(item.sponsorDeadline)} (${daysLeftLabel(item.sponsorDeadline)})`);
  return parts.length ? parts.join(' · ') : 'No deadline';
}

function ApplicationCard({ item, applicationPath, compact }: { item: ApplicationItem; applicationPath: (id: string) => string; compact?: boolean }) {
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-3">
      <h3 className="font-semibold leading-snug">
        <Link to={applicationPath(item.id)} className="text-brand-900 hover:underline">
          {item.grantTitle}
        </Link>
      </h3>
      <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {compact ? null : <Chip tone={applicationStatusTone(item.status)}>{applicationStatusLabel(item.status)}</Chip>}
        <span>{roleLabel[item.role]}</span>
        {item.amountRequested ? <span>· {formatMoney(item.amountRequested)}</span> : null}
      </div>
      <p className="mt-1 text-sm text-slate-700">{deadlineLine(item)}</p>
      {item.documents.total ? (
        <div className="mt-2 flex items-center gap-2 text-xs text-slate-700">
          <progress
            className="h-1.5 w-24 overflow-hidden rounded-full accent-brand-800"
            max={item.documents.total}
            value={item.documents.completed}
            aria-label={`Documents of ${item.grantTitle}`}
          />
          Documents {item.documents.completed} of {item.documents.total}
        </div>
      ) : null}
    </article>
  );
}

export function ApplicationList({ items, applicationPath }: { items: ApplicationItem[]; applicationPath: (id: string) => string }) {
  return (
    <ul className="mt-4 space-y-3">
      {items.map((item) => (
        <li key={item.id}>
          <ApplicationCard item={item} applicationPath={applicationPath} />
        </li>
      ))}
    </ul>
  );
}

export function ApplicationBoard({ items, applicationPath }: { items: ApplicationItem[]; applicationPath: (id: string) => string }) {
  return (
    <div className="mt-4 grid gap-3 md:grid-cols-2 xl:grid-cols-4">
      {inProgressStages.map((stage) => {
        const inStage = items.filter((item) => item.status === stage);
        return (
          <section key={stage} aria-labelledby={`stage-${stage}`} className="rounded-xl bg-slate-50 p-3">
            <h3 id={`stage-${stage}`} className="flex items-center justify-between text-sm font-semibold text-slate-800">
              {applicationStatusLabel(stage)}
              <span className="rounded-full bg-white px-2 text-xs text-slate-700">{inStage.length}</span>
            </h3>
            {inStage.length ? (
              <ul className="mt-2 space-y-2">
                {inStage.map((item) => (
                  <li key={item.id}>
                    <ApplicationCard item={item} applicationPath={applicationPath} compact />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-700">None</p>
            )}
          </section>
        );
      })}
    </div>
  );
}
