// Import CSV: choose a file, see what will happen to each person (a dry run
// on the server, import-preview.tsx), then run it.
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ImportResult } from '@grantbridge/contract/people';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/api-client';
import { importCsv } from '../api/people-api';
import { ImportPreview, plural } from './import-preview';

type Step =
  | { kind: 'choose'; problem?: string }
  | { kind: 'checking' }
  | { kind: 'preview'; text: string; fileName: string; result: ImportResult }
  | { kind: 'running' };

export function ImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: () => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const close = (next: boolean) => {
    if (!next) setStep({ kind: 'choose' });
    onOpenChange(next);
  };

  const check = async (file: File | undefined) => {
    if (!file) return;
    setStep({ kind: 'checking' });
    try {
      const text = await file.text();
      setStep({ kind: 'preview', text, fileName: file.name, result: await importCsv(text, true) });
    } catch (error) {
      setStep({
        kind: 'choose',
        problem: isApiError(error) ? error.message : 'The file could not be read. Please try again.',
      });
    }
  };

  const run = async (text: string) => {
    setStep({ kind: 'running' });
    try {
      const result = await importCsv(text, false);
      toast.success(`${plural(result.invited, 'invitation')} sent; ${result.skipped} skipped`);
      onImported();
      close(false);
    } catch (error) {
      setStep({ kind: 'choose', problem: isApiError(error) ? error.message : 'The import failed. Nothing was sent.' });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Import researchers from CSV"
      description="One person per row, under the header email,name,title,department,research_areas (separate several areas with ;). You will see what happens before anyone is invited."
      className="sm:max-w-2xl"
    >
      {step.kind === 'choose' || step.kind === 'checking' ? (
        <div className="space-y-4">
          {step.kind === 'choose' && step.problem ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {step.problem}
            </p>
          ) : null}
          <div>
            <label htmlFor="import-file" className="mb-1.5 block text-sm font-medium text-slate-800">
              CSV file
            </label>
            <input
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              disabled={step.kind === 'checking'}
              onChange={(event) => void check(event.target.files?.[0])}
              className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-900 hover:file:bg-brand-100"
            />
          </div>
          <p className="text-sm text-slate-700" aria-live="polite">
            {step.kind === 'checking' ? 'Checking the file…' : ''}
          </p>
          <DialogActions>{null}</DialogActions>
        </div>
      ) : step.kind === 'preview' ? (
        <div className="space-y-5">
          <ImportPreview fileName={step.fileName} result={step.result} />
          <DialogActions>
            <Button onClick={() => void run(step.text)} disabled={step.result.invited === 0}>
              Invite {plural(step.result.invited, 'person', 'people')}
            </Button>
          </DialogActions>
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          Sending invitations…
        </p>
      )}
    </Dialog>
  );
}
