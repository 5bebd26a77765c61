// One application: where it stands and the steps the viewer may take next,
// both deadlines, the amounts, the team and the history. The PI, active team
// members and the PI's research office see it; anyone else is told it does
// not exist.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, CalendarClock, CalendarPlus, Pencil } from 'lucide-react';
import type { ApplicationStatus } from '@grantbridge/contract/grants';
import { isUuid } from '@grantbridge/contract/ids';
import type { ApplicationDetail } from '@grantbridge/contract/pipeline';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chip } from '../../../components/ui/chip';
import { LoadingState } from '../../../components/ui/loading-state';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { deadlineEventHref } from '../api/applications-api';
import { useApplication, useApplicationEvents } from '../hooks/use-application';
import { applicationStatusLabel, applicationStatusTone, stepLabel } from '../utils/application-status';
import { AmountsDialog, InternalDeadlineDialog, StepDialog } from './application-dialogs';
import { DeadlinePair } from './deadline-pair';
import { DocumentsSection } from './documents-section';
import { TasksSection } from './tasks-section';
import { TeamSection } from './team-section';
import { LoadFailed } from '../../../components/ui/load-failed';

type Paths = {
  back: { to: string; label: string };
  grant: (id: string) => string;
  person: (id: string) => string;
  /** The team's conversation in this area's messages (none for the office, which is not on the team). */
  conversation?: (id: string) => string;
};

/** `teamExtra` goes under the team, `awardDetails` under the amounts: the app layer's (Current and Pending Support). */
export function ApplicationPage({
  id,
  paths,
  teamExtra,
  awardDetails,
}: {
  id: string;
  paths: Paths;
  teamExtra?: ReactNode;
  awardDetails?: ReactNode;
}) {
  const application = useApplication(id);
  useDocumentTitle(application.data ? `Application: ${application.data.grant.title}` : 'Application');
  const back = (
    <Link to={paths.back.to} className={buttonClasses('ghost', 'sm', '-ml-2')}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {paths.back.label}
    </Link>
  );
  if (!isUuid(id) || application.isError) {
    const missing = !isUuid(id) || isApiError(application.error, 'not_found');
    return (
      <div className="mx-auto max-w-5xl">
        {back}
        <Card className="mt-4 p-6">
          <h2 className="text-xl font-semibold text-slate-900">{missing ? 'Application not found' : 'We couldn’t load this application'}</h2>
          <p className="mt-2 text-slate-700">
            {missing
              ? 'It does not exist, or it is not one you work on.'
              : 'Check your connection and try again.'}
          </p>
          {missing ? null : (
            <Button className="mt-4" variant="secondary" onClick={() => void application.refetch()}>
              Try again
            </Button>
          )}
        </Card>
      </div>
    );
  }
  if (application.isPending) return <LoadingState label="Loading the application…" className="p-8" />;
  return (
    <div className="mx-auto max-w-5xl">
      {back}
      <ApplicationView application={application.data} paths={paths} slots={{ teamExtra, awardDetails }} />
    </div>
  );
}

function Section({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

/** Why the office returned it, at the top until it is sent again (issue 30). */
function ReturnedNote({
  returned,
  viewer,
}: {
  returned: NonNullable<ApplicationDetail['returned']>;
  viewer: ApplicationDetail['viewer']['role'];
}) {
  return (
    <section
      aria-labelledby="returned-title"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="returned-title" className="text-sm font-semibold text-amber-950">
        Returned by {returned.by ?? 'the research office'} on {formatDateTime(returned.at)}
      </h3>
      <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-900">{returned.reason}</p>
      <p className="mt-2 text-sm text-slate-700">
        {viewer === 'admin'
          ? 'It stays in drafting until the PI sends it to the research office again.'
          : 'Make the changes, then send it to the research office again.'}
      </p>
    </section>
  );
}

type Slots = { teamExtra?: ReactNode; awardDetails?: ReactNode };

function ApplicationView({ application, paths, slots }: { application: ApplicationDetail; paths: Paths; slots: Slots }) {
  const [step, setStep] = useState<ApplicationStatus | null>(null);
  const [dialog, setDialog] = useState<'amounts' | 'deadline' | null>(null);
  const { viewer } = application;
  const pi = application.members[0]!;
  return (
    // On phones the steps come right after the summary; on a desk they sit beside it and the history.
    <div className="mt-4 grid items-start gap-5 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <Card className="p-5 sm:p-6">
          <p className="text-sm font-medium text-slate-700">
            Application · {application.grant.opportunityNumber}
            {application.grant.agency ? ` · ${application.grant.agency}` : ''}
          </p>
          {/* The shell's header is the page's h1 ("Application"). */}
          <h2 id="application-title" className="mt-1 text-2xl font-semibold leading-tight text-slate-900">
            {application.grant.title}
          </h2>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <Chip tone={applicationStatusTone(application.status)} aria-label={`Status: ${applicationStatusLabel(application.status)}`}>
              {applicationStatusLabel(application.status)}
            </Chip>
            <span>PI {pi.name}</span>
            <span aria-hidden="true">·</span>
            <Link className="font-medium text-brand-900 underline-offset-2 hover:underline" to={paths.grant(application.grant.id)}>
              View the grant
            </Link>
          </div>
          {application.returned ? <ReturnedNote returned={application.returned} viewer={viewer.role} /> : null}
          <DeadlinePair
            className="mt-4"
            sponsorDeadline={application.sponsorDeadline}
            internalDeadline={application.internalDeadline}
            internalNote={
              application.internalDeadlineSet
                ? 'Set by the research office'
                : 'The office’s routing lead time before the sponsor’s deadline'
            }
          />
          <div className="mt-3 flex flex-wrap gap-2">
            {application.internalDeadline ? (
              <a className={buttonClasses('ghost', 'sm')} href={deadlineEventHref(application.id, 'internal')} download>
                <CalendarPlus className="size-4" aria-hidden="true" />
                Add internal deadline to calendar
              </a>
            ) : null}
            {application.sponsorDeadline ? (
              <a className={buttonClasses('ghost', 'sm')} href={deadlineEventHref(application.id, 'sponsor')} download>
                <CalendarPlus className="size-4" aria-hidden="true" />
                Add sponsor deadline to calendar
              </a>
            ) : null}
            {viewer.role === 'admin' ? (
              <Button variant="secondary" size="sm" onClick={() => setDialog('deadline')}>
                <CalendarClock className="size-4" aria-hidden="true" />
                Change internal deadline
              </Button>
            ) : null}
          </div>
        </Card>
      </div>
      <div className="space-y-5 lg:col-start-3 lg:row-span-2 lg:row-start-1">
        <Section id="next-steps-title" title="Next steps">
          {viewer.nextSteps.length ? (
            <div className="flex flex-col gap-2">
              {viewer.nextSteps.map((to) => (
                <Button key={to} variant={to === 'withdrawn' || to === 'rejected' ? 'secondary' : 'primary'} onClick={() => setStep(to)}>
                  {stepLabel(to)}
                </Button>
              ))}
            </div>
          ) : (
            <p className="text-sm text-slate-700">{waitingText(application)}</p>
          )}
        </Section>
        <Section
          id="amounts-title"
          title="Amounts"
          action={
            viewer.role !== 'member' ? (
              <Button variant="ghost" size="sm" onClick={() => setDialog('amounts')} aria-label="Edit amount requested">
                <Pencil className="size-4" aria-hidden="true" />
                Edit
              </Button>
            ) : null
          }
        >
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-700">Requested</dt>
            <dd className="font-semibold text-slate-900">{formatMoney(application.amountRequested) ?? 'Not set'}</dd>
            <dt className="text-slate-700">Awarded</dt>
            <dd className="font-semibold text-slate-900">{formatMoney(application.amountAwarded) ?? '—'}</dd>
          </dl>
        </Section>
        {slots.awardDetails}
        <Section id="team-title" title="Team">
          <TeamSection application={application} paths={{ person: paths.person, conversation: paths.conversation, leaveTo: paths.back.to }} extra={slots.teamExtra} />
        </Section>
      </div>
      <div className="space-y-5 lg:col-span-2">
        <Section id="documents-title" title="Documents">
          <DocumentsSection application={application} />
        </Section>
        <Section id="tasks-title" title="Tasks">
          <TasksSection application={application} />
        </Section>
        <Section id="history-title" title="History">
          <History id={application.id} />
        </Section>
      </div>
      <StepDialog
        key={step ?? 'none'}
        application={{ ...application, checklist: application.documents }}
        to={step}
        onClose={() => setStep(null)}
      />
      {dialog === 'amounts' ? <AmountsDialog application={application} onClose={() => setDialog(null)} /> : null}
      {dialog === 'deadline' ? <InternalDeadlineDialog application={application} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/** What the viewer waits for when they have no step to take. */
function waitingText(application: ApplicationDetail): string {
  const { status, viewer } = application;
  if (status === 'awarded' || status === 'rejected' || status === 'withdrawn') return `This application is ${applicationStatusLabel(status)}; it moves no further.`;
  if (status === 'internal_review') return 'With the research office: they approve and submit it, or return it with what to change.';
  if (status === 'drafting' && viewer.role === 'admin') return 'The team is drafting it. It comes to you when the PI sends it for internal review.';
  return 'The PI and the research office move it to its next stage.';
}

function History({ id }: { id: string }) {
  const events = useApplicationEvents(id);
  if (events.isPending) return <LoadingState label="Loading the history…" />;
  if (events.isError) return <LoadFailed what="The history" onRetry={() => void events.refetch()} />;
  return (
    <ol className="space-y-3">
      {events.data.map((event) => (
        <li key={event.id} className="border-l-2 border-slate-200 pl-3 text-sm">
          <p className="text-slate-900">
            <span className="font-medium">{event.actor?.name ?? 'Someone no longer here'}</span>{' '}
            {event.from ? (
              <>
                moved it from {applicationStatusLabel(event.from)} to <strong>{applicationStatusLabel(event.to)}</strong>
              </>
            ) : (
              <>started it in {applicationStatusLabel(event.to)}</>
            )}
          </p>
          {event.reason ? <p className="mt-1 text-slate-800">“{event.reason}”</p> : null}
          <p className="text-xs text-slate-600">{formatDateTime(event.createdAt)}</p>
        </li>
      ))}
    </ol>
  );
}
