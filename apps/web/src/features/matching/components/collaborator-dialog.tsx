import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Collaborator } from '@grantbridge/contract/grants';
import { Chip } from '../../../components/ui/chip';
import { Dialog } from '../../../components/ui/dialog';
import { formatMoney, formatDate, initialsOf } from '../../../lib/format';

type CollaboratorDialogProps = {
  /** The person shown; kept while closing so the dialog can hand focus back. */
  collaborator: Collaborator | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  grantPath: (id: string) => string;
  personPath: (id: string) => string;
  renderActions?: (collaborator: Collaborator) => ReactNode;
};

/** A collaborator's details and at most two grants they would fit. */
export function CollaboratorDialog({
  collaborator,
  open,
  onOpenChange,
  grantPath,
  personPath,
  renderActions,
}: CollaboratorDialogProps) {
  if (!collaborator) return null;
  const person = collaborator;
  const subtitle = [person.title, person.department, person.institution]
    .filter(Boolean)
    .join(' · ');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={person.name}
      description={subtitle}
      className="max-w-xl"
    >
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-semibold text-brand-900"
        >
          {initialsOf(person.name)}
        </span>
        <p className="text-sm text-slate-700">
          Fit for this grant{' '}
          <strong className="text-slate-900">{Math.round(person.score * 100)}</strong> of 100.{' '}
          {person.matchIncrease > 0
            ? `Adding ${person.name} to your team would cover ${person.matchIncrease}% more of this grant’s research areas.`
            : `${person.name} shares this grant’s research areas with you.`}
        </p>
      </div>
      {person.about ? <p className="mt-4 leading-7 text-slate-800">{person.about}</p> : null}
      <p className="mt-3">
        <Link
          to={personPath(person.id)}
          onClick={() => onOpenChange(false)}
          className="text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          View {person.name}&rsquo;s profile
        </Link>
      </p>
      {renderActions ? (
        <div className="mt-3 flex flex-wrap gap-2">{renderActions(person)}</div>
      ) : null}

      <DialogSection
        title="The grant's areas you do not list"
        items={person.complementaryAreas}
        tone="green"
      />
      <DialogSection
        title="The grant's areas you both work in"
        items={person.matchingAreas}
        tone="brand"
      />
      <DialogSection title="Research areas" items={person.researchAreas} tone="neutral" />
      <DialogSection title="Expertise" items={person.expertise} tone="neutral" />

      <h3 className="mt-5 text-sm font-semibold text-slate-900">Suggested grants</h3>
      {person.suggestedGrants.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">No other open grant fits you both right now.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {person.suggestedGrants.slice(0, 2).map((grant) => (
            <li key={grant.id}>
              <Link
                to={grantPath(grant.id)}
                onClick={() => onOpenChange(false)}
                className="block rounded-lg border border-slate-200 p-3 hover:border-brand-300 hover:bg-brand-50"
              >
                <span className="block font-medium text-brand-900">{grant.title}</span>
                <span className="mt-0.5 block text-xs text-slate-700">
                  {[
                    grant.agency,
                    grant.awardCeiling ? `Up to ${formatMoney(grant.awardCeiling)}` : null,
                    grant.closeDate ? `Due ${formatDate(grant.closeDate)}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function DialogSection({
  title,
  items,
  tone,
}: {
  title: string;
  items: string[];
  tone: 'green' | 'brand' | 'neutral';
}) {
  if (items.length === 0) return null;
  return (
    <>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{title}</h3>
      <ul className="mt-1.5 flex flex-wrap gap-1.5">
        {items.map((item) => (
          <li key={item}>
            <Chip tone={tone}>{item}</Chip>
          </li>
        ))}
      </ul>
    </>
  );
}
