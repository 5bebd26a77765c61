// Deterministic query understanding for grant search (DESIGN §7): keywords,
// amount bounds, agency, due-date range and "my profile", from plain English.
// How amounts and deadlines are written is query-amounts.ts's and query-dates.ts's.
// How a question is put (framing words, a follow-up that drops a constraint) is query-framing.ts's.
import { addIsoDays, isoDayOf } from '@grantbridge/contract/days';
import { agencyAliases } from '@grantbridge/contract/agencies';
import { parseAmount } from '@grantbridge/contract/amounts';
import { earliestDay, latestDay, maxAmount } from '@grantbridge/contract/primitives';
import type { GrantStatus, SortOption } from '@grantbridge/contract/grants';
import { isKnownAcronym } from './synonyms';
import { statusesIn } from './status-words';
import { searchStopWords } from '../grants/grants.service';
import { amountToken, amountsInWords, noCostSharePattern, strictBounds } from './query-amounts';
import { applicantNegation, eligibilityCodes, eligibilityPhrases, smallBusinessNegation } from './query-applicants';
import { fundingInstrumentLabels } from '@grantbridge/contract/code-tables';
import { bareSeasonPattern, beforePeriodPattern, beforePeriodWindow, closingWords, countOf, countPattern, dateToken, halfPattern, halfWindow, monthPattern, noDeadlinePattern, parseDateSpec, periodPattern, periodWindow, quarterPattern, quarterWindow, utcDate, weekdayPattern, weekdayWindow } from './query-dates';
import { clearPatterns, forgetPattern, framingPatterns, negationPattern, workingOnPattern, sortPatterns, type ClearedConstraint } from './query-framing';

export type { ClearedConstraint };

export type ParsedQuery = {
  keywords: string[];
  /** Words a grant must not say ("not about vaccines", "drop the HIV ones", "-vaccines"). */
  exclude: string[];
  /** Who must be able to apply ("for universities", "@universities"): keys of `eligibilityCodes`. */
  eligibility: string[];
  /** Agencies left out ("not the DOD ones", "exclude Department of Defense", "!dod"): acronyms. */
  excludeAgencies: string[];
  amountMin: number | null;
  amountMax: number | null;
  agency: string | null;
  dueFrom: string | null;
  dueTo: string | null;
  matchProfile: boolean;
  /** The statuses the words ask for ("only open ones", "no forecasted", "past funding"), or null when they say none. */
  statuses: GrantStatus[] | null;
  /** Constraints a follow-up drops ("never mind the deadline", "any amount", "actually, any applicant"). */
  clear: ClearedConstraint[];
  /** Topic words a follow-up takes back ("forget the rural part", "drop the word “pilot”"): not left out, just no longer asked for. */
  forget: string[];
  /** Funding instruments asked for (Grants.gov codes: "only cooperative agreements" is CA), any of them; empty is any. */
  instruments: string[];
  /** Only grants that state no closing date ("rolling deadlines", "no deadline"); false when a window is said too. */
  noDeadline: boolean;
  /** Only grants that state no cost sharing or match is required ("no cost share", "no match required"). */
  noCostShare: boolean;
  /** The order asked for ("the biggest", "closing soonest"), or null when the words name none. */
  sort: SortOption | null;
};

const instrumentCodes = Object.keys(fundingInstrumentLabels);
/**
 * How the money comes (Grants.gov funding instruments), when said as that, built once: "only cooperative
 * agreements", "cooperative agreements only", "no procurement contracts" (a title typed whole may name one: it stays words).
 */
const instrumentPatterns = ([['CA', 'cooperative\\s+agreements?'], ['PC', 'procurement\\s+contracts?']] as const).map(([code, name]) => ({
  code,
  not: new RegExp(String.raw`\b(?:no|not|without|excluding|exclude|except)\s+(?:any\s+|the\s+)?${name}\b`, 'g'),
  only: new RegExp(String.raw`\b(?:(?:only|just|show(?:\s+me)?(?:\s+only)?|(?:that|which)\s+are|funded\s+(?:as|through|via))\s+(?:the\s+)?${name}|${name}\s+only)\b`, 'g'),
}));

/** Words a search never takes for its topic (grants/search-vocabulary.ts keeps the list, so mined acronyms are keyed alike). */
export const stopWords = searchStopWords;

/** Longer than any English word: a pasted address, identifier or run of letters is not a topic (issue 25). */
export const maxWordLength = 40;

/** Words that leave out what follows them, as an agency's name or acronym follows ("not the DOD ones"). */
const agencyNegation = String.raw`(?:not|no|exclude|excluding|except|without|drop|remove|hide|skip|other than|besides|apart from|aside from|anything but|leave out|leaving out|minus)`;

/**
 * Each agency's acronym and names as patterns, built once: said plainly ("NIH
 * grants"), and after a negation ("not the NIH ones"). A two-letter acronym
 * counts only in capitals (`capitals`).
 */
const agencyPatterns = agencyAliases.flatMap((agency) =>
  [agency.acronym.toLowerCase(), ...agency.aliases].map((phrase) => {
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return {
      agency,
      phrase,
      capitals: agency.acronym.length <= 2 && phrase === agency.acronym.toLowerCase() ? new RegExp(`\\b${agency.acronym}\\b`) : null,
      // "NSF-CBMS" is NSF and "CBMS": a hyphen right after the agency goes with it (never left as "-cbms", an exclusion).
      plain: new RegExp(`(?:^|[^a-z])(?:the\\s+)?${escaped}(?:'s)?(?:(?=$|[^a-z-])|-(?=[a-z0-9]))`, 'g'),
      negated: new RegExp(
        `(?:^|[^a-z])(?:(?:but|and)\\s+)?${agencyNegation}\\s+(?:(?:the|any|all|of|from|by|anything|those|ones|grants|funding)\\s+)*${escaped}(?:'s)?(?:\\s+(?:ones|grants|opportunities|funding|programs|programmes|calls|awards))?(?=$|[^a-z])`,
        'g',
      ),
      // An agency's programme named as a model ("like the NSF CAREER award but for humanities"): no agency asked.
      model: new RegExp(`\\b(?:like|similar\\s+to|modell?ed\\s+on)\\s+(?:the\\s+|an?\\s+)?${escaped}(?:'s)?(?=\\s+(?!(?:grants?|funding|ones|money)\\b)[a-z0-9])`, 'g'),
      // Another agency joined to one left out ("not NOAA or EPA", "other than NIH and CDC") is left out too.
      chained: new RegExp(`~\\s*(?:,|or|and|nor)\\s+(?:(?:the|from)\\s+)*${escaped}(?:'s)?(?:\\s+(?:ones|grants|opportunities|funding|programs|programmes|calls|awards))?(?=$|[^a-z])`, 'g'),
    };
  }),
);

export function parseQuery(input: string, today: Date = new Date()): ParsedQuery {
  let text = ` ${input.toLowerCase().replace(/[“”"]/g, ' ').replace(/[‘’]/g, "'")} `
    // Negation however it is said: "that isn't NOAA", "aren't from NIH", "I don't want DOD ones" read as "not …".
    .replace(/\b(?:(?:i|we)\s+)?(?:do|does|did)\s*(?:n'?t|not)\s+(?:want|need|include|mean|care about)\b/g, ' not ')
    .replace(/\b(?:that|which|who)?\s*(?:is|are|was|were|does|do)\s*(?:n't|not)\s+(?:come\s+from\s+|coming\s+from\s+)?/g, ' not ')
    .replace(/\b(?:isn't|aren't|isnt|arent)\b/g, ' not ')
    // "open" alone is how a question is put ("open grants"); before these it is half of a topic ("open source").
    .replace(/\bopen\s+(?=(?:source|access|science|data|educational|innovation|water|ocean)\b)/g, 'open-')
    .replace(/\b(latin|south)\s+american?\b/g, '$1-america') // a region, its countries said (regions.ts)
    .replace(/\b([a-z]{1,2}\d{2,3})'?s\b/g, '$1'); // an activity code said in the plural ("R01s", "K99's")
  const result: ParsedQuery = {
    keywords: [],
    exclude: [],
    eligibility: [],
    excludeAgencies: [],
    amountMin: null,
    amountMax: null,
    agency: null,
    dueFrom: null,
    dueTo: null,
    noDeadline: false,
    noCostShare: false,
    instruments: [],
    matchProfile: false,
    statuses: null,
    clear: [],
    forget: [],
    sort: null,
  };
  const consume = (re: RegExp, fn: (m: RegExpMatchArray) => void) => {
    text = text.replace(re, (...args) => {
      fn(args.slice(0, -2) as unknown as RegExpMatchArray);
      return ' ';
    });
  };
  // No closing date, no cost sharing asked for: before "without a deadline", "without matching funds" read as words left out.
  consume(noDeadlinePattern, () => (result.noDeadline = true));
  consume(noCostSharePattern, () => (result.noCostShare = true));
  // A constraint dropped, before "drop the amount" could read as a word left out.
  for (const { key, pattern } of clearPatterns)
    consume(pattern, () => {
      if (!result.clear.includes(key)) result.clear.push(key);
    });
  // A topic word taken back, before "drop rural" could read as a word left out: "forget the rural part", "drop the word “pilot”".
  consume(forgetPattern, (m) => {
    for (const w of (m[1] ?? m[2] ?? '').split(/\s+/)) if (w && !result.forget.includes(w)) result.forget.push(w);
  });
  consume(/\b(?:any\s*time|whenever)\b/g, () => {
    if (!result.clear.includes('deadline')) result.clear.push('deadline');
  });
  // An order asked for ("the biggest", "closing soonest"): the last said wins, and none is a topic word.
  // (Of two that end together the longer: "the latest deadlines first" is not "deadlines first".)
  let [end, start] = [-1, 0];
  for (const { sort, pattern } of sortPatterns)
    for (const m of text.matchAll(pattern))
      if (m.index! + m[0].length > end || (m.index! + m[0].length === end && m.index! < start))
        [end, start, result.sort] = [m.index! + m[0].length, m.index!, sort];
  for (const { pattern } of [...sortPatterns].sort((a, b) => Number(b.sort === result.sort) - Number(a.sort === result.sort))) consume(pattern, () => {});
  const todayUtc = utcDate(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  text = amountsInWords(text);

  consume(/\b(?:match(?:ing)?|based on|using|for|with|fit(?:ting)?|fits)?\s*(?:my|the)\s+(?:research\s+)?profile\b|\bmatch\s+profile\b/g, () => {
    result.matchProfile = true;
  });

  consume(new RegExp(String.raw`\bbetween\s+(${amountToken})\s+(?:and|to|-)\s+(${amountToken})`, 'g'), (m) => {
    const a = parseAmount(m[1]!);
    const b = parseAmount(m[2]!);
    if (a !== null && b !== null) {
      result.amountMin = Math.min(a, b);
      result.amountMax = Math.max(a, b);
    }
  });
  // "250k or more", "$100,000 or less": the amount itself included (a plain small number, "3 or more", is no amount).
  consume(new RegExp(String.raw`(${amountToken})\s+(?:or|and)\s+(more|above|greater|higher|up|over|less|below|lower|under)\b`, 'g'), (m) => {
    const a = parseAmount(m[1]!);
    if (a === null || a < 1000) return;
    if (['more', 'above', 'greater', 'higher', 'up', 'over'].includes(m[2]!)) result.amountMin = a;
    else result.amountMax = a;
  });
  // "Over" and "under" leave the amount itself out; "at least" and "up to" keep it (whole dollars).
  consume(new RegExp(String.raw`\b(over|above|more than|greater than|exceeding|at least|minimum(?: of)?|min|starting at)\s+(${amountToken})`, 'g'), (m) => {
    const a = parseAmount(m[2]!);
    if (a !== null && (a >= 1000 || m[2]!.includes('$'))) result.amountMin = strictBounds.has(m[1]!) ? a + 1 : a;
  });
  consume(new RegExp(String.raw`\b(under|below|less than|up to|at most|no more than|maximum(?: of)?|max)\s+(${amountToken})`, 'g'), (m) => {
    const a = parseAmount(m[2]!);
    // A plain small number is an age or a count, not dollars: "children under 5", "adults over 65".
    if (a !== null && (a >= 1000 || m[2]!.includes('$'))) result.amountMax = strictBounds.has(m[1]!) ? Math.max(0, a - 1) : a;
  });
  // The sum a person needs is the least an award must be ("I need 1.5 million"); any other sum said is no topic word.
  consume(new RegExp(String.raw`\b(?:need|needs|want|require|requesting|request|asking\s+for)\s+(?:about\s+|around\s+|roughly\s+)?(${amountToken})`, 'g'), (m) => {
    const a = parseAmount(m[1]!);
    if (a !== null && a >= 1000 && result.amountMin === null) result.amountMin = a;
  });
  consume(/\$\s*\d[\d,]*(?:\.\d+)?\s*(?:k|thousand|million|mil|mm|m|billion|bn|b)?(?![-\w])|\b\d[\d,]*(?:\.\d+)?\s*(?:k|thousand|million|mil|billion|bn)(?![-\w])/g, () => {});

  // Before "this month" is read as a window of its own: "by the end of this month".
  consume(/\b(?:by|before|until)\s+(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?(?:calendar\s+)?(year|month)\b|\b(?:by|before)\s+(?:the\s+)?(year)[\s-]end\b/g, (m) => {
    const end =
      (m[1] ?? m[2]) === 'month'
        ? utcDate(todayUtc.getUTCFullYear(), todayUtc.getUTCMonth() + 1, 0)
        : utcDate(todayUtc.getUTCFullYear(), 11, 31);
    result.dueFrom = isoDayOf(todayUtc);
    result.dueTo = isoDayOf(end);
  });
  // "closing within 30 days"; without a word of closing, "in the next 60 days", "within the next 3 months", "within 2 weeks"
  // ("within 6 months" alone, or years, may be a project's length: not a deadline).
  consume(new RegExp(String.raw`\b(?:(?:${closingWords}\s+(?:with)?in\s+(?:the\s+)?(?:next\s+)?|in\s+the\s+next\s+|within\s+the\s+next\s+)${countPattern}\s+(day|week|month)|within\s+${countPattern}\s+(day|week))s?\b`, 'g'), (m) => {
    const n = countOf(m[1] ?? m[3]!);
    const unit = m[2] ?? m[4];
    const days = unit === 'day' ? n : unit === 'week' ? n * 7 : n * 30;
    result.dueFrom = isoDayOf(todayUtc);
    result.dueTo = addIsoDays(isoDayOf(todayUtc), days);
  });
  const setWindow = (w: { start: Date; end: Date }) => ([result.dueFrom, result.dueTo] = [isoDayOf(w.start), isoDayOf(w.end)]);
  // "closing before summer", "by next month", "by the end of spring": from today to that edge of the period.
  consume(beforePeriodPattern, (m) => setWindow(beforePeriodWindow(m[2], m[3], (m[4] ?? m[5])!, todayUtc)));
  consume(halfPattern, (m) => setWindow(halfWindow(m[1], m[2]!, m[3], m[4], todayUtc))); // "the second half of 2027"
  consume(quarterPattern, (m) => setWindow(quarterWindow(m[1], m[2], m[3], m[4], todayUtc))); // "closing in Q1"
  consume(periodPattern, (m) => setWindow(periodWindow(m[1] ?? '', m[2]!, todayUtc)));
  consume(bareSeasonPattern, (m) => setWindow(periodWindow('this', m[1]!, todayUtc)));
  consume(/\b(?:by|before|until)\s+(?:the\s+)?end\s+of\s+(?:the\s+)?(?:federal\s+)?fiscal\s+year\b/g, () => {
    // The federal fiscal year ends on 30 September.
    const year = todayUtc.getUTCMonth() > 8 ? todayUtc.getUTCFullYear() + 1 : todayUtc.getUTCFullYear();
    result.dueFrom = isoDayOf(todayUtc);
    result.dueTo = isoDayOf(utcDate(year, 8, 30));
  });
  // "due today", "closing tomorrow": that day.
  consume(new RegExp(String.raw`\b${closingWords}\s+(today|tomorrow)\b`, 'g'), (m) => {
    const day = addIsoDays(isoDayOf(todayUtc), m[1] === 'today' ? 0 : 1);
    result.dueFrom = day;
    result.dueTo = day;
  });
  // "due this Friday", "by next Monday", "due on Tuesday".
  consume(weekdayPattern, (m) => {
    const window = weekdayWindow(m[1] ?? m[2], m[3], m[4]!, todayUtc);
    result.dueFrom = isoDayOf(window.from);
    result.dueTo = isoDayOf(window.to);
  });
  consume(/\b(?:closing|due)\s+(?:soon)\b/g, () => {
    result.dueFrom = isoDayOf(todayUtc);
    result.dueTo = addIsoDays(isoDayOf(todayUtc), 30);
  });
  // "early March", "mid-April", "the first week of May", "by the end of March": a third or a week of the month.
  const part = String.raw`early|mid|late|(?:first|last)\s+week\s+of|(?:beginning|start|middle|end)\s+of`;
  consume(new RegExp(String.raw`\b(?:${closingWords}\s+)?(by\s+|before\s+|until\s+)?(?:in\s+|during\s+)?(?:the\s+)?(${part})[\s-]+(?:the\s+)?(${monthPattern})(?:,?\s+(\d{4}))?\b`, 'g'), (m) => {
    const spec = parseDateSpec(`${m[3]!}${m[4] ? ` ${m[4]}` : ''}`, todayUtc);
    if (!spec) return;
    const [year, month, last] = [spec.start.getUTCFullYear(), spec.start.getUTCMonth(), spec.end.getUTCDate()];
    const which = m[2]!.split(/\s+/)[0]!;
    const [from, to] = ({ early: [1, 10], beginning: [1, 10], start: [1, 10], mid: [11, 20], middle: [11, 20], first: [1, 7], last: [last - 6, last] } as Record<string, number[]>)[which] ?? [21, last];
    const edge = m[1]?.trim();
    result.dueFrom = edge ? result.dueFrom : isoDayOf(utcDate(year, month, from!));
    result.dueTo = edge === 'before' ? addIsoDays(isoDayOf(utcDate(year, month, from!)), -1) : isoDayOf(utcDate(year, month, to!));
  });
  consume(new RegExp(String.raw`\b(?:${closingWords})?\s*(before|by|until|after|from|in)\s+(${dateToken})(?![a-z0-9])`, 'g'), (m) => {
    // A month and day without a year is a date after "by", "before", "until", "after" ("in 3/4 of cases" is none).
    const spec = m[1] === 'in' && /^\d+\/\d+$/.test(m[2]!) ? null : parseDateSpec(m[2]!, todayUtc);
    if (!spec) return;
    if (m[1] === 'before') result.dueTo = addIsoDays(isoDayOf(spec.start), -1);
    else if (m[1] === 'by' || m[1] === 'until') result.dueTo = isoDayOf(spec.end);
    else if (m[1] === 'after') result.dueFrom = addIsoDays(isoDayOf(spec.end), 1);
    else if (m[1] === 'from') result.dueFrom = isoDayOf(spec.start);
    else {
      result.dueFrom = isoDayOf(spec.start);
      result.dueTo = isoDayOf(spec.end);
    }
  });

  // Agencies left out, in any phrasing: "not the DOD ones", "exclude Department of Defense", "!dod".
  const excludeAgency = (acronym: string) => {
    if (!result.excludeAgencies.includes(acronym)) result.excludeAgencies.push(acronym);
  };
  consume(/(?:^|\s)!([a-z][a-z-]*)/g, (m) => {
    const agency = agencyAliases.find((a) => a.acronym.toLowerCase() === m[1]);
    if (agency) excludeAgency(agency.acronym);
  });
  for (const { model } of agencyPatterns) text = text.replace(model, ' ');
  for (const { agency, negated, capitals } of agencyPatterns) {
    if (capitals && !capitals.test(input)) continue;
    negated.lastIndex = 0;
    if (negated.test(text)) {
      excludeAgency(agency.acronym);
      negated.lastIndex = 0;
      // "~" marks where an agency was left out, for one joined to it.
      text = text.replace(negated, ' ~ ');
    }
  }
  for (let joined = result.excludeAgencies.length > 0; joined; ) {
    joined = false;
    for (const { agency, chained, capitals } of agencyPatterns) {
      if (capitals && !capitals.test(input)) continue;
      chained.lastIndex = 0;
      if (!chained.test(text)) continue;
      excludeAgency(agency.acronym);
      chained.lastIndex = 0;
      text = text.replace(chained, ' ~ ');
      joined = true;
    }
  }
  text = text.replace(/~/g, ' ');
  const named: { acronym: string; at: number }[] = [];
  for (const { agency, phrase, plain, capitals } of agencyPatterns) {
    if (result.excludeAgencies.includes(agency.acronym)) continue;
    plain.lastIndex = 0;
    if (plain.test(text) && (phrase.length > 2 || agency.acronym.length <= 2 ? phrase !== 'ed' || /\bed\b/.test(input) : true)) {
      // Two-letter acronyms ("ED", "VA") only count when written in capitals.
      if (capitals && !capitals.test(input)) continue;
      // Each agency named ("NIH or NSF"): a grant of any of them.
      plain.lastIndex = 0;
      if (!named.some((n) => n.acronym === agency.acronym)) named.push({ acronym: agency.acronym, at: text.search(plain) });
      plain.lastIndex = 0;
      text = text.replace(plain, ' ');
    }
  }
  // Named side by side ("USDA NIFA", "Department of Defense Army") one names the other's part: the first read stands,
  // as before. Joined by "or", "and" or a comma ("NIH or NSF"), either will do.
  if (named.length)
    result.agency =
      named.length > 1 && /\s(?:or|and)\s|,/.test(input.toLowerCase())
        ? [...named].sort((a, b) => a.at - b.at).map((n) => n.acronym).join(',')
        : named[0]!.acronym;

  consume(workingOnPattern, () => {}); // "working on …", "I'm a historian working on …"
  // How a question is put, not what it is about: "what funding exists for …", "ideally EPA",
  // "foundations or agencies supporting …", "grants supporting …", "a study on …" (framingPatterns).
  for (const pattern of framingPatterns) consume(pattern, () => {});
  // Framing verbs, not the topic: "funding to study …", "grants for studying …" ("a longitudinal study" keeps its noun).
  consume(/\b(?:to\s+(?:study|investigate|explore|examine)|studying|investigating|exploring|examining)\b(?!\s+abroad)/g, () => {});

  // Who may apply: the applicant type is a filter, not a topic ("for universities").
  const eligible = (key: string) => {
    if (key in eligibilityCodes && !result.eligibility.includes(key)) result.eligibility.push(key);
  };
  // Small-business programmes left out ("not for small businesses", "no SBIR or STTR"): as the home's suggestions leave them out.
  consume(smallBusinessNegation, () => ['sbir', 'sttr'].forEach((w) => result.exclude.includes(w) || result.exclude.push(w)));
  consume(applicantNegation, () => {});
  consume(/(?:^|\s)@([a-z-]+)/g, (m) => eligible(m[1]!));
  for (const [pattern, key] of eligibilityPhrases) consume(pattern, () => eligible(key));
  consume(/\bsmall businesses\b|\bsmall business(?=\s+(?:funding|grants?|opportunities|money|awards)\b)/g, () => eligible('small-businesses'));
  for (const { code, not, only } of instrumentPatterns) {
    consume(not, () => (result.instruments = instrumentCodes.filter((c) => c !== code)));
    consume(only, () => result.instruments.includes(code) || result.instruments.push(code));
  }

  // Status words, before negation so "not closed" is a status and not a topic left out.
  const status = statusesIn(text);
  text = status.rest;
  result.statuses = status.statuses;

  // Negation and exclusion: the first word after it is left out ("not lung cancer" keeps cancer).
  const excludeWord = (word: string) => {
    const w = word.replace(/^-+|-+$/g, '');
    if (w.length > 1 && !stopWords.has(w) && !result.exclude.includes(w)) result.exclude.push(w);
  };
  consume(/(?:^|\s)-([a-z0-9][a-z0-9_-]*)/g, (m) => excludeWord(m[1]!));
  // NIH's "(Clinical Trial Not Allowed)" / "(Clinical Trial Required)": a phrase left out, written with underscores.
  consume(/\b(?:clinical trials?\s+(?:are\s+)?not\s+allowed|(?:no|not|without|excluding|exclude|except|other than|besides)\s+(?:a\s+|any\s+)?clinical trials?)\b/g, () =>
    excludeWord('clinical_trial_required'),
  );
  consume(/\bclinical trials?\s+(?:is\s+|are\s+)?required\b/g, () => excludeWord('clinical_trial_not_allowed'));
  consume(negationPattern, (m) => {
    excludeWord(m[1]!);
    for (const item of (m[2] ?? '').split(/\s*,?\s+(?:and|or|nor)\s+(?:the\s+|any\s+)?/).slice(1)) excludeWord(item.split(/\s+/)[0]!);
  });

  // Out of any sane range ("over 5 trillion", "due by 2300"): not a filter anyone can mean.
  for (const key of ['amountMin', 'amountMax'] as const) {
    if (result[key] !== null && (result[key]! > maxAmount || !Number.isInteger(result[key]))) result[key] = null;
  }
  for (const key of ['dueFrom', 'dueTo'] as const) {
    if (result[key] !== null && (result[key]! < earliestDay || result[key]! > latestDay)) result[key] = null;
  }

  const seen = new Set<string>();
  // Assistance Listing numbers ("93.855") name a programme: kept whole, found as known items.
  for (const m of text.matchAll(/(?<![\d.])\d{2}\.\d{3}(?![\d.])/g)) if (!seen.has(m[0])) result.keywords.push(seen.add(m[0]) && m[0]);
  text = text.replace(/(?<![\d.])\d{2}\.\d{3}(?![\d.])/g, ' ');
  result.keywords.push(...plainWordsOf(text, seen));
  // A window said as well is what the closing date must be ("rolling, or closing in March" reads as March).
  if (result.dueFrom || result.dueTo) result.noDeadline = false;
  return result;
}

/** The words of lower-case `text` a search looks for, in order, none twice (nor any of `seen`): no stop words, no bare numbers. */
export function plainWordsOf(text: string, seen = new Set<string>()): string[] {
  const words: string[] = [];
  for (const word of text.split(/[^a-z0-9-]+/)) {
    const w = word.replace(/^-+|-+$/g, '');
    if ((w.length > 2 || (w.length === 2 && isKnownAcronym(w))) && w.length <= maxWordLength && !stopWords.has(w) && !/^\d+$/.test(w) && !seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}
