// The composer's grant picker: search the catalogue, add grants by hand, and
// see (and remove) those picked so far.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import type { NewsletterGrant } from '@grantbridge/contract/newsletters';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { LoadingState } from '../../../components/ui/loading-state';
import { newsletterKeys, searchGrants } from '../api/newsletters-api';
import { NewsletterGrantItem } from './newsletter-grant-item';
import { SimilarGrants } from './similar-grants';

export type PickedGrant = Pick<
  NewsletterGrant,
  'id' | 'title' | 'agency' | 'closeDate' | 'awardCeiling' | 'awardFloor' | 'opportunityNumber'
>;

export function GrantPicker({
  picked,
  onChange,
}: {
  picked: PickedGrant[];
  onChange: (grants: PickedGrant[]) => void;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [similarOf, setSimilarOf] = useState<string | null>(null);
  const results = useQuery({
    queryKey: [...newsletterKeys.all, 'grant-search', query],
    queryFn: ({ signal }) => searchGrants(query, signal),
    enabled: query.length > 0,
  });
  const pickedIds = new Set(picked.map((g) => g.id));
  // Inside the composer's form: Enter here searches, it does not save the newsletter.
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setQuery(text.trim());
  };
  const asItem = (g: PickedGrant): NewsletterGrant => ({ ...g, fromSearch: null });
  return (
    <div className="flex flex-col gap-3">
      <div role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="grant-search" className="mb-1.5 block text-sm font-medium text-slate-800">
            Find grants to add
          </label>
          <Input
            id="grant-search"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') submit(e);
            }}
            placeholder="e.g. watershed restoration"
          />
        </div>
        <Button type="button" variant="secondary" onClick={submit} className="h-11">
          Find
        </Button>
      </div>
      {query ? (
        results.isPending ? (
          <LoadingState label="Searching…" className="p-2" />
        ) : results.isError ? (
          <p role="alert" className="text-sm text-red-800">
            The search failed. Try again.
          </p>
        ) : results.data.results.length === 0 ? (
          <p className="text-sm text-slate-700">No grants match “{query}”.</p>
        ) : (
          <ul aria-label="Search results" className="rounded-lg border border-slate-200 px-3">
            {results.data.results.map(({ grant }) => (
              <NewsletterGrantItem key={grant.id} grant={asItem(grant)}>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  disabled={pickedIds.has(grant.id)}
                  aria-label={`${pickedIds.has(grant.id) ? 'Added' : 'Add'} ${grant.title}`}
                  onClick={() => onChange([...picked, grant])}
                  className="shrink-0 self-start"
                >
                  <Plus className="size-4" aria-hidden="true" />
                  {pickedIds.has(grant.id) ? 'Added' : 'Add'}
                </Button>
              </NewsletterGrantItem>
            ))}
          </ul>
        )
      ) : null}
      <div>
        <p className="text-sm font-medium text-slate-800">Picked by hand ({picked.length})</p>
        {picked.length === 0 ? (
          <p className="text-sm text-slate-700">None yet.</p>
        ) : (
          <ul aria-label="Picked grants" className="rounded-lg border border-slate-200 px-3">
            {picked.map((grant) => (
              <NewsletterGrantItem key={grant.id} grant={asItem(grant)}>
                <div className="flex shrink-0 gap-1 self-start">
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-expanded={similarOf === grant.id}
                    aria-label={`More like this: ${grant.title}`}
                    onClick={() => setSimilarOf(similarOf === grant.id ? null : grant.id)}
                  >
                    More like this
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${grant.title}`}
                    onClick={() => onChange(picked.filter((g) => g.id !== grant.id))}
                  >
                    <X className="size-4" aria-hidden="true" /> Remove
                  </Button>
                </div>
              </NewsletterGrantItem>
            ))}
          </ul>
        )}
        {similarOf && picked.some((g) => g.id === similarOf) ? (
          <div className="mt-2">
            <SimilarGrants
              of={picked.find((g) => g.id === similarOf)!}
              picked={pickedIds}
              onAdd={(grant) => onChange([...picked, grant])}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}
