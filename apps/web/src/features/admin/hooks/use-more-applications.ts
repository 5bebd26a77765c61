// The Grant Status list past its first page: each "Show more" that runs past
// what is loaded reads the next page after the cursor the last one ended with.
import { useState } from 'react';
import type { AdminPipeline, AdminPipelineQuery, PipelineRow } from '@grantbridge/contract/admin';
import { getPipelineApplications } from '../api/admin-api';

/** The rows loaded for `query` (the first page in `data`, then the pages read since) and how to read the next. */
export function useMoreApplications(query: AdminPipelineQuery, data: AdminPipeline) {
  const [pages, setPages] = useState<{ rows: PipelineRow[]; next: string | null } | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const next = pages ? pages.next : data.applicationsNext;
  // A row that moved between pages since (a refresh of the first) is shown once.
  const seen = new Set(data.applications.map((row) => row.id));
  const rows = [...data.applications, ...(pages?.rows ?? []).filter((row) => !seen.has(row.id))];

  /** Reads the next page; false when there is none to read now or it could not be read. */
  async function loadNext(): Promise<boolean> {
    if (!next || state === 'loading') return false;
    setState('loading');
    try {
      const page = await getPipelineApplications({ ...query, after: next });
      setPages((current) => ({
        rows: [...(current?.rows ?? []), ...page.applications],
        next: page.next,
      }));
      setState('idle');
      return true;
    } catch {
      setState('failed');
      return false;
    }
  }

  return {
    rows,
    hasNext: next !== null,
    loadNext,
    loading: state === 'loading',
    failed: state === 'failed',
  };
}
