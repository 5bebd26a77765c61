// The results panel's lists: the matches, and the titled lists after them
// (related grants, grants that state no amount, closed programmes that recur).
import type { SearchResult } from '@grantbridge/contract/grants';
import { ResultCard } from './result-card';

/** A titled list after the matches (related, amount not stated, recurring); nothing when empty. */
export function ResultSection({
  id,
  title,
  note,
  ...list
}: {
  id: string;
  title: string;
  note: string;
  results: SearchResult[];
  grantPath: (id: string) => string;
  onOpen: (grantId: string) => void;
}) {
  if (list.results.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-6 first:mt-0">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mb-3 text-xs text-slate-700">{note}</p>
      <ResultList {...list} />
    </section>
  );
}

export function ResultList({
  results,
  grantPath,
  onOpen,
}: {
  results: SearchResult[];
  grantPath: (id: string) => string;
  onOpen: (grantId: string) => void;
}) {
  if (results.length === 0) return null;
  return (
    <ul className="space-y-3">
      {results.map((result) => (
        <li key={result.grant.id}>
          <ResultCard result={result} href={grantPath(result.grant.id)} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
