import type { ReactNode } from 'react';
// Recommended collaborators for a grant (DESIGN §7). Hovering or focusing a
// person tells the page which of the grant's areas they share.
import { useState } from 'react';
import { Link } from 'react-router';
import { UsersRound } from 'lucide-react';
import type { Collaborator } from '@grantbridge/contract/grants';
import { Card } from '../../../components/ui/card';
import { Chip } from '../../../components/ui/chip';
import { LoadingState } from '../../../components/ui/loading-state';
import { initialsOf } from '../../../lib/format';
import { useCollaborators } from '../hooks/use-collaborators';
import { CollaboratorDialog } from './collaborator-dialog';

type CollaboratorsPanelProps = {
  grantId: string;
  onHighlight: (collaborator: Collaborator | null) => void;
  grantPath: (id: string) => string;
  /** A researcher's profile page. */
  personPath: (id: string) => string;
  /** What the viewer may do with a suggested person (Message, Invite to team), from the route. */
  renderActions?: (collaborator: Collaborator) => ReactNode;
  /** Where the viewer completes their research areas; the empty state links there. */
  editProfilePath?: string;
};

export function CollaboratorsPanel({
  grantId,
  onHighlight,
  grantPath,
  personPath,
  renderActions,
  editProfilePath,
}: CollaboratorsPanelProps) {
  const collaborators = useCollaborators(grantId);
  const [shownId, setShownId] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const shown = collaborators.data?.collaborators.find((c) => c.id === shownId) ?? null;

  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="grant-collaborators">
      <h2
        id="grant-collaborators"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        <UsersRound className="size-5 text-brand-800" aria-hidden="true" />
        Recommended collaborators
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Researchers at other institutions whose areas complete yours for this grant.{' '}
        {/* A touch screen has nothing to point with: it is told to tap. */}
        <span className="pointer-coarse:hidden">
          Point at or focus a person to highlight the grant&rsquo;s research areas they cover.
        </span>
        <span className="hidden pointer-coarse:inline">
          Tap a person to highlight the grant&rsquo;s research areas they cover and see their
          details.
        </span>
      </p>
      {collaborators.isPending ? (
        <LoadingState label="Finding collaborators…" className="p-4" />
      ) : collaborators.isError ? (
        <p className="mt-4 text-sm text-red-700">
          We couldn&rsquo;t load collaborators. Reload the page to try again.
        </p>
      ) : collaborators.data.collaborators.length === 0 ? (
        <div className="mt-4 text-sm text-slate-700">
          <p>No researcher at another institution covers this grant&rsquo;s areas yet.</p>
          {/* Only someone whose profile lists no areas is sent to add them (issue 30). */}
          {editProfilePath && !collaborators.data.viewerHasAreas ? (
            <p className="mt-2">
              Matches come from the research areas and expertise on your profile.{' '}
              <Link
                to={editProfilePath}
                className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
              >
                Complete your profile&rsquo;s research areas
              </Link>{' '}
              to widen the match.
            </p>
          ) : null}
        </div>
      ) : (
        <ul className="mt-4 space-y-3">
          {collaborators.data.collaborators.map((person) => (
            <li
              key={person.id}
              className="rounded-xl border border-slate-200 p-3 transition-colors hover:border-brand-300"
              onMouseEnter={() => onHighlight(person)}
              onMouseLeave={() => onHighlight(null)}
            >
              <button
                type="button"
                onClick={() => {
                  // A tap neither hovers nor (on every phone) focuses: it highlights too.
                  onHighlight(person);
                  setShownId(person.id);
                  setOpen(true);
                }}
                onFocus={() => onHighlight(person)}
                onBlur={() => onHighlight(null)}
                className="flex w-full items-start gap-3 rounded-lg text-left"
                aria-haspopup="dialog"
              >
                <span
                  aria-hidden="true"
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900"
                >
                  {initialsOf(person.name)}
                </span>
                {/* The score sits beside the name where there is room, under it on a phone. */}
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-semibold break-words text-slate-900">{person.name}</span>
                    <span className="text-sm font-semibold text-emerald-800">
                      Fit {Math.round(person.score * 100)} of 100
                      {person.matchIncrease > 0 ? (
                        <span className="block font-normal text-slate-700">
                          Covers {person.matchIncrease}% more of the grant&rsquo;s areas
                        </span>
                      ) : null}
                    </span>
                  </span>
                  <span className="block text-sm break-words text-slate-700">
                    {[person.title, person.institution].filter(Boolean).join(' · ')}
                  </span>
                </span>
              </button>
              {/* The grant's areas this person works in: the ones the viewer's profile does not list, then both. */}
              <AreaLine
                label="Brings what you do not list"
                areas={person.complementaryAreas}
                tone="green"
              />
              <AreaLine label="You both work in" areas={person.matchingAreas} tone="brand" />
            </li>
          ))}
        </ul>
      )}
      <CollaboratorDialog
        collaborator={shown}
        open={open}
        onOpenChange={setOpen}
        grantPath={grantPath}
        personPath={personPath}
        renderActions={renderActions}
      />
    </Card>
  );
}

function AreaLine({
  label,
  areas,
  tone,
}: {
  label: string;
  areas: string[];
  tone: 'green' | 'brand';
}) {
  if (areas.length === 0) return null;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-slate-700">
      <span className="font-medium">{label}:</span>
      {areas.map((area) => (
        <Chip key={area} tone={tone}>
          {area}
        </Chip>
      ))}
    </p>
  );
}
