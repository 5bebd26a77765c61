// "More like this" in the composer: the nearest open grants to one picked
// grant, each with Add, so a newsletter can grow from one good call.
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadingState } from '../../../components/ui/loading-state';
import { newsletterKeys, similarGrants } from '../api/newsletters-api';
import type { PickedGrant } from './grant-picker';
import { NewsletterGrantItem } from './newsletter-grant-item';

export function SimilarGrants({
  of,
  picked,
  onAdd,
}: {
  of: PickedGrant;
  picked: Set<string>;
  onAdd: (grant: PickedGrant) => void;
}) {
  const similar = useQuery({
    queryKey: [...newsletterKeys.all, 'similar', of.id],
    queryFn: ({ signal }) => similarGrants(of.id, signal),
  });
  if (similar.isPending) return <LoadingState label="Finding similar grants…" className="p-2" />;
  if (similar.isError)
    return <LoadFailed what="Similar grants" onRetry={() => void similar.refetch()} />;
  if (similar.data.similar.length === 0)
    return <p className="text-sm text-slate-700">No open grants are close to this one.</p>;
  return (
    <ul
      aria-label={`Grants like ${of.title}`}
      className="rounded-lg border border-slate-200 bg-slate-50 px-3"
    >
      {similar.data.similar.map(({ grant, why }) => (
        <NewsletterGrantItem
          key={grant.id}
          grant={{ ...grant, fromSearch: null }}
          title={
            <>
              {grant.title}
              <span className="block text-xs font-normal text-slate-700">{why}</span>
            </>
          }
        >
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={picked.has(grant.id)}
            aria-label={`${picked.has(grant.id) ? 'Added' : 'Add'} ${grant.title}`}
            onClick={() => onAdd(grant)}
            className="shrink-0 self-start"
          >
            <Plus className="size-4" aria-hidden="true" />
            {picked.has(grant.id) ? 'Added' : 'Add'}
          </Button>
        </NewsletterGrantItem>
      ))}
    </ul>
  );
}
