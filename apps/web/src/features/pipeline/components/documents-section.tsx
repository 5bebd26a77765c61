// The application's document checklist, as the seed shows it (each item
// pending, in progress or completed), with files: the team uploads new
// versions (the server takes the type from the bytes), renames, adds and
// removes items; everyone who sees the application downloads.
import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { FileText, Upload } from 'lucide-react';
import type { ApplicationDetail, ApplicationDocument } from '@grantbridge/contract/pipeline';
import { Button } from '../../../components/ui/button';
import { Chip } from '../../../components/ui/chip';
import { Input, Select } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import {
  addDocument,
  applicationKeys,
  deleteDocument,
  documentFileHref,
  updateDocument,
  uploadDocument,
} from '../api/applications-api';
import { pipelineKeys } from '../api/pipeline-api';

const statusNames = { pending: 'Pending', in_progress: 'In progress', completed: 'Completed' } as const;
const statusTone = { pending: 'neutral', in_progress: 'amber', completed: 'green' } as const;
const accept = '.pdf,.docx,.xlsx,.pptx,.txt,.png,.jpg,.jpeg';

function sizeLabel(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function useRefresh(applicationId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) });
    void queryClient.invalidateQueries({ queryKey: pipelineKeys.applications });
  };
}

export function DocumentsSection({ application }: { application: ApplicationDetail }) {
  const team = application.viewer.role !== 'admin';
  const refresh = useRefresh(application.id);
  const [name, setName] = useState('');
  const add = useMutation({
    mutationFn: (value: string) => addDocument(application.id, value),
    onSuccess: (document) => {
      toast.success(`${document.name} added to the checklist`);
      setName('');
      refresh();
    },
    onError: (e) => toast.error(isApiError(e) ? e.message : 'The item could not be added.'),
  });
  const done = application.documents.filter((d) => d.status === 'completed').length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) add.mutate(name.trim());
  };
  return (
    <div>
      <p className="text-sm text-slate-700">
        {done} of {application.documents.length} completed
      </p>
      <ul className="mt-3 divide-y divide-slate-100">
        {application.documents.map((document) => (
          <DocumentItem key={document.id} application={application} document={document} team={team} onChange={refresh} />
        ))}
      </ul>
      {team ? (
        <form onSubmit={submit} className="mt-4 flex flex-wrap items-center gap-2">
          <label htmlFor="new-document" className="sr-only">
            New checklist item
          </label>
          <Input
            id="new-document"
            className="max-w-xs"
            placeholder="Add an item, e.g. Facilities statement"
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" size="sm" variant="secondary" disabled={!name.trim() || add.isPending}>
            Add item
          </Button>
        </form>
      ) : null}
    </div>
  );
}

function DocumentItem({
  application,
  document,
  team,
  onChange,
}: {
  application: ApplicationDetail;
  document: ApplicationDocument;
  team: boolean;
  onChange: () => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [latest, ...earlier] = document.versions;
  const upload = useMutation({
    mutationFn: (file: File) => uploadDocument(application.id, document.id, file),
    onSuccess: (updated) => {
      toast.success(`${updated.name}: version ${updated.versions[0]!.version} uploaded`);
      onChange();
    },
    onError: (e) =>
      toast.error(
        isApiError(e, 'unsupported_file_type') || isApiError(e, 'payload_too_large')
          ? e.message
          : 'The file could not be uploaded. Please try again.',
      ),
  });
  const change = useMutation({
    mutationFn: (body: { name?: string; status?: ApplicationDocument['status'] }) => updateDocument(application.id, document.id, body),
    onSuccess: onChange,
    onError: (e) => toast.error(isApiError(e) ? e.message : 'The change could not be saved.'),
  });
  const remove = useMutation({
    mutationFn: () => deleteDocument(application.id, document.id),
    onSuccess: () => {
      toast.success(`${document.name} removed`);
      onChange();
    },
    onError: (e) => toast.error(isApiError(e) ? e.message : 'The item could not be removed.'),
  });
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex items-center gap-2 font-medium text-slate-900">
          <FileText className="size-4 text-slate-600" aria-hidden="true" />
          {document.name}
        </span>
        {team ? (
          <div className="w-40 shrink-0">
            <Select
              aria-label={`Status of ${document.name}`}
              value={document.status}
              disabled={change.isPending}
              onChange={(e) => change.mutate({ status: e.target.value as ApplicationDocument['status'] })}
            >
              {Object.entries(statusNames).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
        ) : (
          <Chip tone={statusTone[document.status]}>{statusNames[document.status]}</Chip>
        )}
      </div>
      {latest ? (
        <p className="mt-1 text-sm text-slate-700">
          <a className="font-medium text-brand-900 underline-offset-2 hover:underline" href={documentFileHref(application.id, document.id)} download>
            {latest.fileName}
          </a>{' '}
          · {sizeLabel(latest.size)} · version {latest.version} by {latest.uploadedBy?.name ?? 'someone'}, {formatDate(latest.uploadedAt.slice(0, 10))}
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">No file yet.</p>
      )}
      {earlier.length ? (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-slate-700">Earlier versions ({earlier.length})</summary>
          <ul className="mt-1 space-y-1 pl-4">
            {earlier.map((v) => (
              <li key={v.version}>
                <a className="text-brand-900 hover:underline" href={documentFileHref(application.id, document.id, v.version)} download>
                  Version {v.version}: {v.fileName}
                </a>{' '}
                · {sizeLabel(v.size)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {team ? (
        <div className="mt-2 flex flex-wrap gap-1">
          <input
            ref={fileInput}
            type="file"
            accept={accept}
            className="sr-only"
            tabIndex={-1}
            aria-label={`Upload a file for ${document.name}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) upload.mutate(file);
            }}
          />
          <Button size="sm" variant="secondary" disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
            <Upload className="size-4" aria-hidden="true" />
            {upload.isPending ? 'Uploading…' : latest ? 'Upload new version' : 'Upload'}
            <span className="sr-only">: {document.name}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              const next = window.prompt('Rename this checklist item', document.name)?.trim();
              if (next && next !== document.name) change.mutate({ name: next });
            }}
          >
            Rename<span className="sr-only">: {document.name}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Remove ${document.name} and its files from the checklist?`)) remove.mutate();
            }}
          >
            Remove<span className="sr-only">: {document.name}</span>
          </Button>
        </div>
      ) : null}
    </li>
  );
}
