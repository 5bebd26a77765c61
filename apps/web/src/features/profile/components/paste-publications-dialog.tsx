// Publications pasted as BibTeX or RIS text (a reference manager's export, a
// publisher's Cite box) instead of chosen as a file; read by the same import.
import { useState } from 'react';
import type { PublicationsImportResult } from '@grantbridge/contract/profile';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { importPublicationsText } from '../api/profile-api';

const example = '@article{doe2024,\n  title = {Snow water from space},\n  author = {Doe, Jane},\n  year = {2024}\n}';

export function PastePublicationsDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: (result: PublicationsImportResult) => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onImported(await importPublicationsText(text));
      setText('');
      onOpenChange(false);
    } catch (problem) {
      setError(isApiError(problem) ? problem.message : 'The text could not be imported. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Paste BibTeX or RIS"
      description="Paste one or more entries as a reference manager exports them or a publisher’s Cite box shows them. Publications already on your profile are skipped."
      className="sm:max-w-2xl"
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field id="publications-text" label="BibTeX or RIS text" error={error}>
          {(aria) => (
            <Textarea
              {...aria}
              rows={10}
              spellCheck={false}
              placeholder={example}
              className="font-mono text-sm"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <DialogActions>
          <Button type="submit" disabled={busy || !text.trim()}>
            {busy ? 'Importing…' : 'Import'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
