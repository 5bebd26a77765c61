// Import publications from a BibTeX or RIS file or pasted text, or from an
// ORCID record; then say what was added and what was skipped, by entry.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { ClipboardPaste, FileUp } from 'lucide-react';
import type { PublicationsImportResult } from '@grantbridge/contract/profile';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { importOrcid, importPublicationsText } from '../api/profile-api';
import { profileKey } from '../hooks/use-profile';
import { summariseImport, type ImportSummary } from '../utils/import-summary';
import { PastePublicationsDialog } from './paste-publications-dialog';

export function PublicationsImport() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [pasteOpen, setPasteOpen] = useState(false);
  const [orcidOpen, setOrcidOpen] = useState(false);
  const [orcid, setOrcid] = useState('');
  const [orcidError, setOrcidError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const done = async (result: PublicationsImportResult) => {
    await queryClient.invalidateQueries({ queryKey: profileKey });
    // Said once, under the buttons (no toast on top).
    setStatus('');
    setSummary(summariseImport(result));
  };

  const fromFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setSummary(null);
    setStatus('Importing…');
    try {
      await done(await importPublicationsText(await file.text()));
    } catch (error) {
      setStatus(isApiError(error) ? error.message : 'The file could not be imported. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const fromOrcid = async () => {
    setBusy(true);
    setOrcidError(undefined);
    try {
      await done(await importOrcid(orcid));
      setOrcidOpen(false);
    } catch (error) {
      if (isApiError(error, 'validation_failed')) setOrcidError(error.errors[0]?.message ?? error.message);
      else setOrcidError(isApiError(error) ? error.message : 'ORCID could not be reached. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <label className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:bg-slate-50">
        <FileUp className="size-4" aria-hidden="true" />
        Import BibTeX or RIS
        <input
          type="file"
          accept=".bib,.ris,.txt,text/plain,application/x-bibtex,application/x-research-info-systems"
          className="sr-only"
          disabled={busy}
          onChange={(event) => {
            void fromFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      <Button variant="secondary" size="sm" onClick={() => setPasteOpen(true)}>
        <ClipboardPaste className="size-4" aria-hidden="true" />
        Paste BibTeX or RIS
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setOrcidOpen(true)}>
        Import from ORCID
      </Button>
      <div className={clsx('w-full text-sm text-slate-700', summary && 'rounded-lg bg-slate-50 p-3')}>
        {/* The counts and the titles added are announced; the skipped entries are read on demand. */}
        <div role="status">
          {summary ? (
            <>
              <p className="text-slate-900">{summary.headline}</p>
              {summary.added ? <p className="mt-1">{summary.added}</p> : null}
            </>
          ) : (
            <p>{status}</p>
          )}
        </div>
        {summary?.skipped.length ? (
          <>
            <p className="mt-2 font-medium text-slate-900">Skipped</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {summary.skipped.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {summary.moreSkipped ? <p className="mt-1">and {summary.moreSkipped} more.</p> : null}
          </>
        ) : null}
      </div>
      <PastePublicationsDialog open={pasteOpen} onOpenChange={setPasteOpen} onImported={done} />
      <Dialog
        open={orcidOpen}
        onOpenChange={setOrcidOpen}
        title="Import from ORCID"
        description="Your public works on ORCID are added to your profile; ones already there are skipped."
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void fromOrcid();
          }}
        >
          <Field id="orcid-id" label="ORCID iD" hint="For example 0000-0002-1825-0097" error={orcidError}>
            {(aria) => <Input {...aria} value={orcid} onChange={(event) => setOrcid(event.target.value)} />}
          </Field>
          <DialogActions>
            <Button type="submit" disabled={busy || !orcid.trim()}>
              {busy ? 'Importing…' : 'Import'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </div>
  );
}
