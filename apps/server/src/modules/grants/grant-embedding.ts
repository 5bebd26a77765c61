// A grant's word-embedding vector (DESIGN §7: semantic similarity in search),
// from its title (counted twice, as the field weights favour it), research
// areas, description and program title; stored as 100 signed bytes.
import type { Db } from '../../db/client';
import { embedText, quantize } from '../../lib/embeddings';
import { findGrantsWithoutEmbedding, setGrantEmbeddings } from './grants.repository';

export type EmbeddableGrant = {
  title: string;
  researchAreas: string[];
  description: string | null;
  programTitle: string | null;
};

export function grantEmbedding(grant: EmbeddableGrant): Buffer | null {
  const text = [grant.title, grant.title, grant.researchAreas.join(' '), grant.description ?? '', grant.programTitle ?? ''].join(' ');
  const vector = embedText(text);
  return vector ? quantize(vector) : null;
}

/** The bytea text form (`\x…`) for SQL that reads rows from JSON. */
export function grantEmbeddingHex(grant: EmbeddableGrant): string | null {
  const bytes = grantEmbedding(grant);
  return bytes ? `\\x${bytes.toString('hex')}` : null;
}

/**
 * Gives every stored grant without one its embedding (a catalogue imported by
 * an earlier version). Returns how many were filled; a text without any known
 * word keeps none and is skipped.
 */
export async function backfillGrantEmbeddings(db: Db, pageSize = 500): Promise<number> {
  let filled = 0;
  let afterId: string | null = null;
  for (;;) {
    const page: Awaited<ReturnType<typeof findGrantsWithoutEmbedding>> = await findGrantsWithoutEmbedding(db, afterId, pageSize);
    if (page.length === 0) return filled;
    const rows = page.flatMap((g) => {
      const embedding = grantEmbeddingHex({
        title: g.title,
        researchAreas: g.research_areas ?? [],
        description: g.description,
        programTitle: g.program_title,
      });
      return embedding ? [{ id: g.id, embedding }] : [];
    });
    await setGrantEmbeddings(db, rows);
    filled += rows.length;
    afterId = page[page.length - 1]!.id;
  }
}
