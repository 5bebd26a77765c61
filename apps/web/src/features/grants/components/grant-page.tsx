// The grant page: summary, collaborators, eligibility, dates and funding,
// with share; the route adds the bookmark, Apply Now and the collaborators.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ArrowLeft,
  CalendarDays,
  ExternalLink,
  FileCheck2,
  Landmark,
  Link2,
  ShieldCheck,
  TriangleAlert,
} from 'lucide-react';
import type { Collaborator, GrantDetail } from '@grantbridge/contract/grants';
import { areaMatches } from '@grantbridge/contract/research-area-match';
import { GrantStatusChip } from '../../../components/grant-status-chip';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chip } from '../../../components/ui/chip';
import { LoadingState } from '../../../components/ui/loading-state';
import { isApiError } from '../../../lib/api-client';
import { formatMoney, formatDate, formatInteger } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isGrantId, useGrant } from '../hooks/use-grant';
import { useCopyLink } from '../hooks/use-copy-link';
import { universityLeadWarning } from '../utils/lead-eligibility';
import { SimilarGrants } from './similar-grants';

/** The parts other features add to the page (app/routes/grant-details composes them). */
type GrantPageParts = {
  /** The viewer's bookmark toggle, before Copy link. */
  renderBookmark: (grant: GrantDetail) => ReactNode;
  /** Sharing with people inside the product (a message with the grant's card), after Copy link. */
  renderShare: (grant: GrantDetail) => ReactNode;
  /** Apply Now and the viewer's application, under the funding facts. */
  renderApplication: (grant: GrantDetail) => ReactNode;
  /** Recommended collaborators; the one pointed at highlights the research areas they cover. */
  renderCollaborators: (
    grant: GrantDetail,
    onHighlight: (collaborator: Collaborator | null) => void,
  ) => ReactNode;
};

type GrantPageProps = GrantPageParts & {
  grantId: string;
  /** Where Back goes; `state` travels with it (e.g. to put search results back as they were). */
  back: { to: string; label: string; state?: unknown };
};

export function GrantPage({ grantId, back, ...parts }: GrantPageProps) {
  const grant = useGrant(grantId);
  const malformed = !isGrantId(grantId);
  const missing =
    malformed ||
    isApiError(grant.error, 'not_found') ||
    isApiError(grant.error, 'validation_failed');
  // The browser tab says which grant this is.
  useDocumentTitle(grant.data?.title ?? (missing ? 'Grant not found' : 'Grant Details'));

  const backLink = (
    <Link to={back.to} state={back.state} className={buttonClasses('ghost', 'sm', '-ml-2')}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {back.label}
    </Link>
  );

  if (malformed || grant.isError) {
    return (
      <div className="mx-auto max-w-6xl">
        {backLink}
        <Card className="mx-auto mt-4 max-w-2xl p-8 text-center">
          <h2 className="text-xl font-semibold text-slate-900">
            {missing ? 'Grant not found' : 'We couldn’t load this grant'}
          </h2>
          <p className="mt-2 text-slate-700">
            {missing
              ? 'This grant does not exist or is no longer in the catalogue. Check the link, or find it again with search.'
              : 'Check your connection and try again.'}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            {missing ? null : <Button onClick={() => void grant.refetch()}>Try again</Button>}
            <Link
              to={back.to}
              state={back.state}
              className={buttonClasses(missing ? 'primary' : 'secondary')}
            >
              {back.label}
            </Link>
          </div>
        </Card>
      </div>
    );
  }
  if (grant.isPending) {
    return (
      <div className="mx-auto max-w-6xl">
        {backLink}
        <LoadingState label="Loading grant…" />
      </div>
    );
  }
  return <GrantDetails grant={grant.data} backLink={backLink} {...parts} />;
}

function GrantDetails({
  grant,
  backLink,
  renderBookmark,
  renderShare,
  renderApplication,
  renderCollaborators,
}: GrantPageParts & { grant: GrantDetail; backLink: ReactNode }) {
  const [highlighted, setHighlighted] = useState<Collaborator | null>(null);
  const copyLink = useCopyLink();

  // The grant areas the person pointed at covers: what they would bring to a team.
  const isHighlighted = (area: string) =>
    highlighted !== null &&
    [...highlighted.complementaryAreas, ...highlighted.matchingAreas].some((m) =>
      areaMatches(m, area),
    );

  return (
    <div className="mx-auto max-w-6xl">
      {backLink}
      <div className="mt-3 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card className="p-5 sm:p-6" role="region" aria-labelledby="grant-title">
            <div className="flex flex-wrap items-center gap-2">
              <GrantStatusChip status={grant.status} />
              {/* A grant sharing none of the profile's areas is no match: no "0% match" (issue 30). */}
              {grant.viewer.matchPercent ? (
                <Chip tone="green">{grant.viewer.matchPercent}% profile match</Chip>
              ) : null}
            </div>
            <h2
              id="grant-title"
              className="mt-3 text-xl font-semibold leading-snug text-slate-900 sm:text-2xl"
            >
              {grant.title}
            </h2>
            <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
              <Landmark className="size-4 text-slate-600" aria-hidden="true" />
              <span>{grant.agency ?? grant.agencyCode ?? 'Agency not stated'}</span>
              {/* On a phone the two wrap onto their own lines; a dot would dangle. */}
              <span aria-hidden="true" className="hidden sm:inline">
                ·
              </span>
              <span className="basis-full sm:basis-auto">
                Opportunity{' '}
                <span className="font-medium text-slate-900">{grant.opportunityNumber}</span>
              </span>
            </p>

            <div className="mt-4 flex flex-wrap gap-2">
              {renderBookmark(grant)}
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void copyLink(window.location.href)}
              >
                <Link2 className="size-4" aria-hidden="true" />
                Copy link
              </Button>
              {renderShare(grant)}
              <a
                href={grant.portalUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('secondary', 'sm')}
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                View on Grants.gov
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </div>

            <h3 id="grant-areas" className="mt-6 text-sm font-semibold text-slate-900">
              Research areas
            </h3>
            {grant.researchAreas.length ? (
              <ul aria-labelledby="grant-areas" className="mt-2 flex flex-wrap gap-1.5">
                {grant.researchAreas.map((area) => {
                  const on = isHighlighted(area);
                  return (
                    <li key={area}>
                      <Chip tone={on ? 'highlight' : 'brand'}>
                        {area}
                        {on ? (
                          <span className="sr-only"> (covered by {highlighted?.name})</span>
                        ) : null}
                      </Chip>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-slate-700">No research areas assigned.</p>
            )}

            <h3 className="mt-6 text-sm font-semibold text-slate-900">Description</h3>
            {/* Most Grants.gov records have no description of their own; most name a programme whose
                Assistance Listing says what it funds: say so, and show that, labelled as the programme's. */}
            {grant.description || !grant.objectives ? (
              <LongText text={grant.description} empty="No description provided." />
            ) : (
              <p className="mt-1 text-sm text-slate-700">
                This opportunity has no description of its own. What its programme funds, from the
                programme&rsquo;s Assistance Listing, is below.
              </p>
            )}

            {grant.programTitle || grant.objectives ? (
              <>
                <h3 className="mt-6 text-sm font-semibold text-slate-900">
                  {grant.description
                    ? 'Objectives'
                    : 'The programme’s objectives (Assistance Listing)'}
                </h3>
                {grant.programTitle ? (
                  <p className="mt-1 text-sm font-medium text-slate-800">
                    Program: {grant.programTitle}
                    {grant.cfdaNumbers.length
                      ? ` (Assistance Listing ${grant.cfdaNumbers.join(', ')})`
                      : ''}
                  </p>
                ) : null}
                <LongText text={grant.objectives} empty="" />
              </>
            ) : null}
          </Card>

          {renderCollaborators(grant, setHighlighted)}

          <Card className="p-5 sm:p-6" role="region" aria-labelledby="grant-eligibility">
            <SectionTitle
              id="grant-eligibility"
              icon={<ShieldCheck className="size-5 text-brand-800" aria-hidden="true" />}
            >
              Eligibility
            </SectionTitle>
            <h3 id="grant-applicants" className="mt-4 text-sm font-semibold text-slate-900">
              Eligible applicants
            </h3>
            {grant.eligibility.applicantTypes.length ? (
              <ul
                aria-labelledby="grant-applicants"
                className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800"
              >
                {grant.eligibility.applicantTypes.map((type) => (
                  <li key={type.code}>{type.label}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-slate-700">Not stated.</p>
            )}
            <h3 className="mt-4 text-sm font-semibold text-slate-900">Requirements</h3>
            <LongText text={grant.eligibility.text} empty="No additional requirements stated." />
          </Card>
        </div>

        <div className="min-w-0 space-y-6">
          <Card className="p-5 sm:p-6" role="region" aria-labelledby="grant-funding">
            <SectionTitle
              id="grant-funding"
              icon={<FileCheck2 className="size-5 text-brand-800" aria-hidden="true" />}
            >
              Funding information
            </SectionTitle>
            <dl className="mt-4 divide-y divide-slate-100 text-sm">
              {/* Grants.gov writes 0 where no ceiling or total is published. */}
              <Fact label="Award ceiling" value={formatMoney(grant.funding.ceiling || null)} />
              <Fact label="Award floor" value={formatMoney(grant.funding.floor)} />
              <Fact
                label="Total program funding"
                value={formatMoney(grant.funding.total || null)}
              />
              <Fact
                label="Expected awards"
                value={
                  grant.funding.expectedAwards !== null
                    ? formatInteger(grant.funding.expectedAwards)
                    : null
                }
              />
              <Fact
                label="Cost sharing"
                value={
                  grant.funding.costSharing === null
                    ? 'Not stated'
                    : grant.funding.costSharing
                      ? 'Yes'
                      : 'No'
                }
              />
            </dl>
            <LeadWarningNote grant={grant} />
            {renderApplication(grant)}
          </Card>

          <Card className="p-5 sm:p-6" role="region" aria-labelledby="grant-dates">
            <SectionTitle
              id="grant-dates"
              icon={<CalendarDays className="size-5 text-brand-800" aria-hidden="true" />}
            >
              Important dates
            </SectionTitle>
            <dl className="mt-4 divide-y divide-slate-100 text-sm">
              <Fact label="Posted" value={formatDate(grant.dates.posted)} />
              <Fact label="Closing" value={formatDate(grant.dates.closing)} />
              <Fact label="Archive" value={formatDate(grant.dates.archive)} />
              <Fact label="Estimated award" value={formatDate(grant.dates.award)} />
              <Fact label="Project start" value={formatDate(grant.dates.projectStart)} />
            </dl>
          </Card>

          {/* Last in its column and, on a phone, on the page: it loads after the grant without moving anything. */}
          <SimilarGrants grantId={grant.id} />
        </div>
      </div>
    </div>
  );
}

/** Said before Apply Now when a university usually cannot lead this grant. */
function LeadWarningNote({ grant }: { grant: GrantDetail }) {
  const warning = universityLeadWarning(grant);
  if (!warning) return null;
  return (
    <div
      role="note"
      aria-label="Who can apply"
      className="mt-5 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-800" aria-hidden="true" />
      <p>{warning.text}</p>
    </div>
  );
}

function SectionTitle({
  id,
  icon,
  children,
}: {
  id: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
      {icon}
      {children}
    </h2>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-slate-700">{label}</dt>
      <dd className={value === null ? 'text-slate-600' : 'text-right font-medium text-slate-900'}>
        {value ?? 'Not stated'}
      </dd>
    </div>
  );
}

const clampAt = 700;

/** Long catalogue text, folded after a few paragraphs with a Show more toggle. */
function LongText({ text, empty }: { text: string | null; empty: string }) {
  const [expanded, setExpanded] = useState(false);
  if (!text) return empty ? <p className="mt-1 text-sm text-slate-700">{empty}</p> : null;
  const long = text.length > clampAt;
  const shown = long && !expanded ? `${text.slice(0, clampAt).replace(/\s+\S*$/, '')}…` : text;
  return (
    <div className="mt-1">
      <p className="whitespace-pre-line text-sm leading-6 text-slate-800">{shown}</p>
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
          className="mt-1 text-sm font-semibold text-brand-800 hover:underline"
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}
