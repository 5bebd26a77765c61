// Recommended researchers for the signed-in person: active researchers with a
// profile at other institutions, scored by recommendations.ts against the
// person's own profile, leaving out those they already talk to, each with why.
import type { RecommendedResearcher } from '@grantbridge/contract/profile';
import type { Db } from '../../db/client';
import { embedText } from '../../lib/embeddings';
import type { Actor } from '../../plugins/types';
import { openGrantAreaAffinity } from '../grants/grants.service';
import { getContactGraph } from '../messaging/messaging.service';
import { listRecommendationCandidates } from '../researchers/researchers.service';
import { recommendPeople } from './recommendations';

/** Profile vectors by their text: most profiles do not change between requests. */
const vectors = new Map<string, Float32Array | null>();
function vectorOf(text: string) {
  if (!vectors.has(text)) {
    if (vectors.size > 50_000) vectors.clear();
    vectors.set(text, embedText(text));
  }
  return vectors.get(text)!;
}

export async function getRecommendedResearchers(db: Db, actor: Actor, limit: number): Promise<RecommendedResearcher[]> {
  const [people, graph, affinity] = await Promise.all([
    listRecommendationCandidates(db),
    getContactGraph(db, actor.id),
    openGrantAreaAffinity(db),
  ]);
  const me = people.find((p) => p.id === actor.id);
  if (!me || (me.researchAreas.length === 0 && me.expertise.length === 0 && !me.text)) return [];
  const withVectors = people.map((p) => ({
    ...p,
    vector: vectorOf([p.researchAreas.join(' '), p.expertise.join(' '), p.text].join(' ')),
  }));
  const user = withVectors.find((p) => p.id === actor.id)!;
  return recommendPeople(user, withVectors, { ...graph, affinity }, limit).map((r) => ({
    researcher: { id: r.person.id, name: r.person.name, title: r.person.title, institution: r.person.institution },
    commonInterests: r.commonInterests,
    complementaryAreas: r.complementaryAreas,
    coAuthor: r.coAuthor,
    mutualConnections: r.mutualConnections,
    score: r.score,
  }));
}
