// A grant's word-embedding vector (DESIGN §7: semantic similarity in search),
// from its title (counted twice, as the field weights favour it), research
// areas, description and program title; stored as 100 signed bytes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import { getMeta, setMeta } from '../../db/meta';
import { embeddingsDir, embedText, quantize } from '../../lib/embeddings';
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

type PendingGrant = Awaited<ReturnType<typeof findGrantsWithoutEmbedding>>[number];

/** What decides the embeddings of these grants: their texts and the shipped vectors. */
function fingerprintOf(grants: PendingGrant[]) {
  const hash = crypto.createHash('sha256');
  for (const file of ['words.txt', 'vectors.bin']) {
    const at = path.join(embeddingsDir, file);
    hash.update(`${file}:${fs.existsSync(at) ? fs.statSync(at).size : 'none'}\n`);
  }
  for (const g of grants) hash.update(JSON.stringify([g.id, g.title, g.research_areas, g.description, g.program_title]));
  return hash.digest('hex');
}

const noneKey = 'grant_embeddings_none_for';

/**
 * Gives every stored grant without one its embedding (a catalogue imported by
 * an earlier version). Returns how many were filled; a text without any known
 * word keeps none and is skipped. Those few would be tried again at every
 * start, loading the vectors (5 MB) for nothing, so what they were is
 * remembered: when the grants still without one are the same, with the same
 * texts, nothing is tried.
 */
export async function backfillGrantEmbeddings(db: Db, pageSize = 500): Promise<number> {
  let filled = 0;
  let afterId: string | null = null;
  const none: PendingGrant[] = [];
  for (;;) {
    const page: PendingGrant[] = await findGrantsWithoutEmbedding(db, afterId, pageSize);
    if (afterId === null && page.length < pageSize && fingerprintOf(page) === (await getMeta(db, noneKey))) return 0;
    if (page.length === 0) break;
    const rows = page.flatMap((g) => {
      const embedding = grantEmbeddingHex({
        title: g.title,
        researchAreas: g.research_areas ?? [],
        description: g.description,
        programTitle: g.program_title,
      });
      if (!embedding) none.push(g);
      return embedding ? [{ id: g.id, embedding }] : [];
    });
    await setGrantEmbeddings(db, rows);
    filled += rows.length;
    afterId = page[page.length - 1]!.id;
  }
  await setMeta(db, noneKey, fingerprintOf(none));
  return filled;
}
