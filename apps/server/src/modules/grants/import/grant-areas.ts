// Assigns research areas to a grant from the shared taxonomy by keyword match
// over its title, description and Assistance Listing text. Deterministic:
// the same grant always gets the same areas in the same order.
import { researchAreaDefinitions } from '@grantbridge/contract/research-areas';

export const maxAreasPerGrant = 6;
/** A title hit alone, a category hint alone, or two hits in the body or program text. */
const minScore = 2;
const fieldWeight = { title: 3, description: 2, program: 1 } as const;
const categoryWeight = 2;

/** Lower-cases, splits on anything but letters and digits, and folds simple plurals. */
export function stemWords(text: string): string[] {
  const words = text.toLowerCase().split(/[^a-z0-9]+/);
  const out: string[] = [];
  for (const w of words) {
    if (!w) continue;
    if (w.length > 4 && w.endsWith('ies')) out.push(`${w.slice(0, -3)}y`);
    else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) {
      out.push(w.slice(0, -1));
    } else out.push(w);
  }
  return out;
}

/** `prefixes` holds the leading words of every multi-word keyword, so a longer gram is only built after one. */
type Index = { byGram: Map<string, number[]>; byCategory: Map<string, number[]>; prefixes: Set<string> };

let index: Index | undefined;

function buildIndex(): Index {
  const byGram = new Map<string, number[]>();
  const byCategory = new Map<string, number[]>();
  const prefixes = new Set<string>();
  researchAreaDefinitions.forEach((area, i) => {
    for (const keyword of area.keywords) {
      const words = stemWords(keyword);
      for (let n = 1; n < words.length; n++) prefixes.add(words.slice(0, n).join(' '));
      const gram = words.join(' ');
      const list = byGram.get(gram) ?? [];
      if (!list.includes(i)) list.push(i);
      byGram.set(gram, list);
    }
    for (const code of area.categories ?? []) {
      const list = byCategory.get(code) ?? [];
      list.push(i);
      byCategory.set(code, list);
    }
  });
  return { byGram, byCategory, prefixes };
}

/** Each area counts each of its keywords once per field. */
function scoreField(text: string | null | undefined, weight: number, scores: Map<number, number>, idx: Index) {
  if (!text) return;
  const words = stemWords(text);
  const seen = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    let gram = words[i]!;
    for (let n = i + 1; ; n++) {
      const areas = idx.byGram.get(gram);
      if (areas && !seen.has(gram)) {
        seen.add(gram);
        for (const a of areas) scores.set(a, (scores.get(a) ?? 0) + weight);
      }
      if (n >= words.length || !idx.prefixes.has(gram)) break;
      gram = `${gram} ${words[n]}`;
    }
  }
}

export type AreaInput = {
  title: string;
  description?: string | null;
  programTitle?: string | null;
  objectives?: string | null;
  /** Identifies the program text (the Assistance Listing number), so its scores are computed once. */
  programKey?: string;
  categoryCodes?: readonly string[];
};

const programScores = new Map<string, Map<number, number>>();

/** Up to six research areas, best first (ties keep the taxonomy's order). */
export function assignResearchAreas(grant: AreaInput): string[] {
  const idx = (index ??= buildIndex());
  const scores = new Map<number, number>();
  scoreField(grant.title, fieldWeight.title, scores, idx);
  scoreField(grant.description, fieldWeight.description, scores, idx);
  let program = grant.programKey ? programScores.get(grant.programKey) : undefined;
  if (!program) {
    program = new Map();
    scoreField(grant.programTitle, fieldWeight.program, program, idx);
    scoreField(grant.objectives, fieldWeight.program, program, idx);
    if (grant.programKey && programScores.size < 20_000) programScores.set(grant.programKey, program);
  }
  for (const [a, s] of program) scores.set(a, (scores.get(a) ?? 0) + s);
  for (const code of grant.categoryCodes ?? []) {
    for (const a of idx.byCategory.get(code) ?? []) scores.set(a, (scores.get(a) ?? 0) + categoryWeight);
  }
  return [...scores.entries()]
    .filter(([, s]) => s >= minScore)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, maxAreasPerGrant)
    .map(([i]) => researchAreaDefinitions[i]!.name);
}
