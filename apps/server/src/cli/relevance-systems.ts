// The systems the relevance tools compare, over the shipped catalogue: plain
// full-text search, GrantBridge's search box and assistant (as the API runs
// them), embedding nearest neighbours, and the catalogue read for plain BM25
// and for checking constraints. Used by bench:relevance and the test pool.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { grantSearchQuerySchema, type GrantStatus } from '@grantbridge/contract/grants';
import { queryRows, type Db } from '../db/client';
import { cosine, dequantize, embedText } from '../lib/embeddings';
import { todayIso } from '../modules/grants/grant-status';
import { grantStatusCondition, grantStatusSql } from '../modules/grants/grant-status.repository';
import { chat } from '../modules/search/chat.service';
import { searchBox } from '../modules/search/looser-reading';
import type { Actor } from '../plugins/types';
import { projectRoot } from './relevance-catalogue';
import type { JudgedGrant } from './relevance-graded';

export const allStatuses: GrantStatus[] = ['forecasted', 'posted', 'closed', 'archived'];
export const openStatuses: GrantStatus[] = ['forecasted', 'posted'];

export type CatalogueRecord = JudgedGrant & {
  programTitle: string | null;
  objectives: string | null;
  listingTitles: string[];
  vector: Float32Array | null;
};

type Listing = { number: string; title: string; agency: string };

export async function loadCatalogueRecords(db: Db): Promise<CatalogueRecord[]> {
  const listings = new Map(
    (JSON.parse(fs.readFileSync(path.join(projectRoot, 'data/grants/assistance-listings.json'), 'utf8')) as Listing[]).map(
      (l) => [l.number, l],
    ),
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT opportunity_number, title, description, agency, agency_code, cfda_numbers, award_ceiling,
      close_date::text AS close_date, ${grantStatusSql(sql`${todayIso()}::date`)} AS status,
      eligibility_codes, program_title, objectives, embedding
    FROM grants ORDER BY opportunity_number, id`,
  );
  return rows.map((r) => {
    const numbers = (r.cfda_numbers as string[] | null) ?? [];
    return {
      opportunityNumber: r.opportunity_number as string,
      title: r.title as string,
      description: r.description as string | null,
      agency: r.agency as string | null,
      agencyCode: r.agency_code as string | null,
      listingAgencies: numbers.flatMap((n) => listings.get(n)?.agency ?? []),
      listingTitles: numbers.flatMap((n) => listings.get(n)?.title ?? []),
      awardCeiling: r.award_ceiling === null ? null : Number(r.award_ceiling),
      closeDate: r.close_date as string | null,
      status: r.status as string,
      eligibilityCodes: (r.eligibility_codes as string[] | null) ?? [],
      programTitle: r.program_title as string | null,
      objectives: r.objectives as string | null,
      vector: r.embedding ? dequantize(r.embedding as Uint8Array) : null,
    };
  });
}

/** The BM25 baseline's document: title, description, agency and Assistance Listing titles (issue 25). */
export const bm25Document = (g: CatalogueRecord) =>
  [g.title, g.description ?? '', g.agency ?? '', g.agencyCode ?? '', ...g.listingTitles].join('\n');

export async function plainFullText(db: Db, query: string, statuses: GrantStatus[], k: number) {
  const rows = await queryRows<{ opportunity_number: string }>(
    db,
    sql`WITH q AS (SELECT websearch_to_tsquery('english', ${query}) AS tsq)
    SELECT g.opportunity_number FROM grants g, q,
      LATERAL (SELECT to_tsvector('english', g.title || ' ' || coalesce(g.description, '')) AS doc) d
    WHERE d.doc @@ q.tsq AND ${grantStatusCondition(statuses, todayIso())}
    ORDER BY ts_rank(d.doc, q.tsq) DESC, g.opportunity_number LIMIT ${k}`,
  );
  return rows.map((r) => r.opportunity_number);
}

export async function searchBoxTop(db: Db, actor: Actor, query: string, statuses: GrantStatus[], k: number, now: Date) {
  const q = grantSearchQuerySchema.parse({ q: query.slice(0, 500), status: statuses.join(','), sort: 'match', pageSize: k });
  const response = await searchBox(db, actor, q, now);
  // As the results panel lists them: the matches, then those that state no amount (a short page under an amount).
  return [...response.results, ...response.unstated].map((r) => r.grant.opportunityNumber);
}

export async function assistantTop(db: Db, actor: Actor, message: string, k: number, now: Date) {
  const answer = await chat(db, actor, { message, matchProfile: false, reset: true, sort: 'match', pageSize: k }, now);
  return [...answer.results, ...answer.unstated].map((r) => r.grant.opportunityNumber);
}

export function nearestTop(catalogue: CatalogueRecord[], text: string, k: number, keep?: (g: CatalogueRecord) => boolean) {
  const q = embedText(text);
  if (!q) return [];
  return catalogue
    .filter((g) => g.vector && (!keep || keep(g)))
    .map((g) => ({ id: g.opportunityNumber, score: cosine(q, g.vector!) }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .slice(0, k)
    .map((s) => s.id);
}

export const benchActor = (): Actor => ({ id: crypto.randomUUID(), role: 'researcher', institution: { id: crypto.randomUUID() } });

