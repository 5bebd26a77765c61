// Import publications from a BibTeX or RIS file, or from an ORCID record.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import type { PublicationsImportResult } from '@grantbridge/contract/profile';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { importOrcid, importPublicationsFile } from '../api/profile-api';
import { profileKey } from '../hooks/use-profile';

function summary(result: PublicationsImportResult) {
  const parts = [`${result.added} added`];
  if (result.duplicates) parts.push(`${result.duplicates} already on your profile`);
  if (result.errors.length) parts.push(`${result.errors.length} could not be read`);
  return parts.join(', ');
}

export function PublicationsImport() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');
  const [orcidOpen, setOrcidOpen] = useState(false);
  const [orcid, setOrcid] = useState('');
  const [orcidError, setOrcidError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const done = async (result: PublicationsImportResult) => {
    await queryClient.invalidateQueries({ queryKey: profileKey });
    const text = `Publications imported: ${summary(result)}.`;
    // Said once, in the status line beside the buttons (no toast on top).
    setStatus(text);
  };

  const fromFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setStatus('Importing…');
    try {
      await done(await importPublicationsFile(await file.text()));
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
      <Button variant="secondary" size="sm" onClick={() => setOrcidOpen(true)}>
        Import from ORCID
      </Button>
      <p className="w-full text-sm text-slate-700" role="status">
        {status}
      </p>
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
