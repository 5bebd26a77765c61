// Status words in a search or a message to the assistant: "only the ones that
// are open now", "no forecasted", "past funding", "including closed". They
// choose which grant statuses are searched and are never searched for as
// topic words. Pinned by query-parser.test.ts.
import { grantStatuses, type GrantStatus } from '@grantbridge/contract/grants';

const open: GrantStatus[] = ['forecasted', 'posted'];
const past: GrantStatus[] = ['closed', 'archived'];

const neg = String.raw`(?:no|not|non|without|exclude|excluding|except|drop|remove|hide|skip|leave out)`;
const ones = String.raw`(?:\s+(?:ones|grants|opportunities|funding|calls|records))?`;

/** In order: each pattern's match is taken out of the text before the next is tried. */
const rules: { pattern: RegExp; apply: (s: Set<GrantStatus> | null) => Set<GrantStatus> }[] = [
  {
    // "any status", "including closed", "closed ones too": every status.
    pattern: new RegExp(
      String.raw`\b(?:any|all|every)\s+status(?:es)?\b|\b(?:including|include|with|plus|also|and)\s+(?:the\s+)?(?:closed|past|expired|archived)${ones}(?:\s+too)?\b|\b(?:closed|past|expired|archived)${ones}\s+(?:too|as well)\b`,
      'g',
    ),
    apply: () => new Set(grantStatuses),
  },
  {
    // "also forecasted ones?", "include forecasts", "upcoming ones too": open and forecasted (never only forecasts).
    pattern: new RegExp(
      String.raw`\b(?:including|include|with|plus|also|and)\s+(?:the\s+)?(?:forecasted|forecasts|upcoming)${ones}(?:\s+too)?\b|\b(?:forecasted|forecasts)${ones}\s+(?:too|as well)\b`,
      'g',
    ),
    apply: (s) => new Set([...(s ?? open), 'forecasted' as const]),
  },
  {
    // "no forecasted", "without forecasts": open and accepting applications now.
    pattern: new RegExp(
      String.raw`\b${neg}\s+(?:the\s+)?(?:forecasted|forecasts|upcoming)${ones}\b`,
      'g',
    ),
    apply: (s) => new Set([...(s ?? open)].filter((x) => x !== 'forecasted')),
  },
  {
    // "not closed", "no expired ones", "deadline still ahead", "still accepting applications".
    pattern: new RegExp(
      String.raw`\b${neg}\s+(?:the\s+)?(?:closed|past|expired|archived)${ones}\b|\bnot\s+yet\s+closed\b|\bdeadlines?\s+(?:is\s+|are\s+)?(?:still\s+)?ahead\b|\b(?:still\s+)?accepting\s+applications\b`,
      'g',
    ),
    apply: (s) => (s ? new Set([...s].filter((x) => !past.includes(x))) : new Set(open)),
  },
  {
    // "open now", "still open", "only the ones that are open", "open grants".
    pattern: new RegExp(
      [
        String.raw`\b(?:(?:only|just)\s+)?(?:(?:the\s+)?ones?\s+)?(?:(?:that|which)\s+)?(?:are|is|still|currently|now)\s+(?:(?:still|currently|now)\s+)?open\b(?:\s+(?:now|right now))?`,
        String.raw`\b(?:only|just)\s+(?:the\s+)?open\b(?:\s+(?:ones|now))?`,
        String.raw`\bopen\s+(?:now|ones|right now)\b`,
        String.raw`\bopen(?=\s+(?:grants|opportunities|funding|calls|solicitations)\b)`,
        String.raw`\bopen\s*[?.!]*\s*$`,
      ].join('|'),
      'g',
    ),
    apply: (s) => new Set([...(s ?? []), ...open]),
  },
  {
    // "forecasted", "not yet posted": coming soon.
    pattern: /\b(?:(?:only|just)\s+)?(?:the\s+)?(?:forecasted|not yet posted)(?:\s+ones)?\b/g,
    apply: (s) => new Set([...(s ?? []), 'forecasted']),
  },
  {
    // "closed", "past funding", "in the past", "previously funded": what has been.
    pattern: new RegExp(
      String.raw`\b(?:(?:only|just)\s+)?(?:the\s+)?(?:closed|expired|archived)(?!-)${ones}\b|\bpast\s+(?:grants|funding|opportunities|ones|awards|solicitations|competitions|calls)\b|\bin\s+the\s+past\b|^\s*past\b|\bpast\b(?=(?:\s+[a-z]+){1,3}\s+(?:grants|funding|opportunities|awards|solicitations|competitions|calls)\b)|\bpreviously\s+(?:funded|offered|posted)\b`,
      'g',
    ),
    apply: (s) => new Set([...(s ?? []), ...past]),
  },
];

/** The statuses `text` (lower case) asks for, or null, and the text with those words taken out. */
export function statusesIn(text: string): { statuses: GrantStatus[] | null; rest: string } {
  let statuses: Set<GrantStatus> | null = null;
  let rest = text;
  for (const rule of rules) {
    rest = rest.replace(rule.pattern, () => {
      statuses = rule.apply(statuses);
      return ' ';
    });
  }
  const chosen = statuses as Set<GrantStatus> | null;
  if (!chosen || chosen.size === 0) return { statuses: null, rest };
  return { statuses: grantStatuses.filter((s) => chosen.has(s)), rest };
}
