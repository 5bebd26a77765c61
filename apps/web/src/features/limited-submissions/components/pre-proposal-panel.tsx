// A limited grant at Apply Now (decision 061): the Limited line, and instead
// of Apply Now "Submit a pre-proposal" (a form: the abstract and up to two
// PDFs), the researcher's own pre-proposal and its Withdraw, and for an
// invited reviewer the link to the review page.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import type { GrantDetail } from '@grantbridge/contract/grants';
import { maxPreProposalPdfBytes, shortDay, type LimitedSubmissionLine } from '@grantbridge/contract/limited-submissions';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Chip } from '../../../components/ui/chip';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useSubmitPreProposal, useWithdrawPreProposal } from '../hooks/use-limited-submissions';
import { fileAsBase64, wordCount } from '../utils/files';
import { LimitedLine } from '../../../components/limited-line';
import { SponsorCapLine } from '../../../components/sponsor-cap-line';

const statusWords = { submitted: 'Submitted', selected: 'Selected', declined: 'Not selected', withdrawn: 'Withdrawn' } as const;
const statusTone = { submitted: 'brand', selected: 'green', declined: 'red', withdrawn: 'neutral' } as const;

export function PreProposalPanel({ grant, line }: { grant: GrantDetail; line: LimitedSubmissionLine }) {
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawPreProposal(line.callId);
  const mine = line.mine && line.mine.status !== 'withdrawn' ? line.mine : null;
  return (
    <div className="mt-5 space-y-3">
      <LimitedLine line={line} />
      {mine ? (
        <>
          <p className="flex flex-wrap items-center justify-center gap-2 text-sm text-slate-700">
            Your pre-proposal: <Chip tone={statusTone[mine.status]}>{statusWords[mine.status]}</Chip>
          </p>
          {mine.status === 'submitted' || mine.status === 'selected' ? (
            <Button
              variant="secondary"
              className="w-full"
              aria-disabled={withdraw.isPending || undefined}
              onClick={() => {
                if (withdraw.isPending) return;
                withdraw.mutate(mine.id, {
                  onSuccess: () => toast.success('Pre-proposal withdrawn'),
                  onError: (e) => toast.error(isApiError(e) ? e.message : 'It could not be withdrawn. Please try again.'),
                });
              }}
            >
              Withdraw the pre-proposal
            </Button>
          ) : null}
        </>
      ) : line.open ? (
        <Button className="w-full" size="lg" onClick={() => setOpen(true)}>
          Submit a pre-proposal
        </Button>
      ) : (
        <Button className="w-full" size="lg" variant="secondary" disabled>
          Internal deadline passed ({shortDay(line.internalDeadline)})
        </Button>
      )}
      {line.canReview ? (
        <Link to={paths.researcher.limitedSubmission(line.callId)} className={buttonClasses('secondary', 'md', 'w-full')}>
          Review the pre-proposals
        </Link>
      ) : null}
      {/* NIH's six applications a year (decision 060) still apply to the application that follows. */}
      {grant.viewer.sponsorCap ? <SponsorCapLine status={grant.viewer.sponsorCap} /> : null}
      <PreProposalDialog open={open} onClose={() => setOpen(false)} grant={grant} line={line} />
    </div>
  );
}

function PreProposalDialog({ open, onClose, grant, line }: { open: boolean; onClose: () => void; grant: GrantDetail; line: LimitedSubmissionLine }) {
  const submit = useSubmitPreProposal(line.callId);
  const [abstract, setAbstract] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ abstract?: string; files?: string; form?: string }>({});
  const words = wordCount(abstract);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!words) found.abstract = 'Write the abstract';
    else if (words > line.abstractWordLimit) found.abstract = `At most ${line.abstractWordLimit} words (this one has ${words})`;
    if (files.length > line.maxPdfs) found.files = `At most ${line.maxPdfs} PDFs`;
    else if (files.some((f) => f.size > maxPreProposalPdfBytes)) found.files = 'A PDF can be at most 5 MB';
    setErrors(found);
    if (Object.keys(found).length) return;
    submit.mutate(
      { abstract, files: await Promise.all(files.map(fileAsBase64)) },
      {
        onSuccess: () => {
          toast.success('Pre-proposal sent to the research office');
          onClose();
        },
        onError: (e) => {
          const path = isApiError(e) ? e.errors[0]?.path : undefined;
          const message = isApiError(e) ? (e.errors[0]?.message ?? e.message) : 'It could not be sent. Please try again.';
          setErrors(path === 'abstract' ? { abstract: message } : path?.startsWith('files') ? { files: message } : { form: message });
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Submit a pre-proposal"
      description={`For “${grant.title}”. The research office chooses up to ${line.cap} for the institution; send it by ${shortDay(line.internalDeadline)}.`}
    >
      <form noValidate onSubmit={(e) => void send(e)} className="space-y-4">
        <Field id="pre-proposal-abstract" label="Abstract" required error={errors.abstract} hint={`${words} of ${line.abstractWordLimit} words`}>
          {(aria) => <Textarea {...aria} rows={8} value={abstract} onChange={(e) => setAbstract(e.target.value)} />}
        </Field>
        {line.maxPdfs > 0 ? (
          <Field
            id="pre-proposal-files"
            label={`PDFs (up to ${line.maxPdfs})`}
            optional
            error={errors.files}
            hint={files.length ? files.map((f) => f.name).join(', ') : 'PDF only, at most 5 MB each'}
          >
            {(aria) => (
              <Input
                {...aria}
                type="file"
                accept="application/pdf,.pdf"
                multiple={line.maxPdfs > 1}
                className="py-2"
                onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
              />
            )}
          </Field>
        ) : null}
        {errors.form ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.form}
          </p>
        ) : null}
        <DialogActions>
          <Button type="submit" aria-disabled={submit.isPending || undefined}>
            {submit.isPending ? 'Sending…' : 'Send the pre-proposal'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
