// How a plain-English question is put rather than what it is about, for
// query-parser.ts (issue 25, items 6 and 9): framing words that are neither
// topic nor requirement ("what funding exists for …", "ideally EPA"), and a
// follow-up that drops a constraint ("never mind the deadline", "any amount"),
// an order asked for ("the biggest", "closing soonest"), and words left out
// ("not about vaccines", "exclude vaccines and microbicides").
// Pure; pinned by query-parser.test.ts.

import type { SortOption } from '@grantbridge/contract/grants';

export type ClearedConstraint = 'deadline' | 'amount' | 'agency' | 'eligibility' | 'cost-share';

const orderBy = String.raw`(?:(?:sort(?:ed)?|order(?:ed)?|rank(?:ed)?|list(?:ed)?)(?:\s+(?:them|these|it|results))?\s+)?by`;
/**
 * An order asked for in words: "the biggest", "largest awards first", "closing
 * soonest", "sorted by deadline". Each is how a question is put, not a topic
 * ("a large-scale study" and "small grants" keep their words); the last said wins.
 */
export const sortPatterns: { sort: SortOption; pattern: RegExp }[] = [
  {
    sort: 'amount-desc',
    pattern: new RegExp(
      String.raw`\b(?:(?:the\s+)?(?:biggest|largest|highest[\s-](?:paying|funded|value)|highest(?=\s+(?:awards?|amounts?|funding))|best[\s-]funded|richest|most\s+generous)(?:\s+(?:ones?|awards?|amounts?|funding))?(?:\s+first)?` +
        String.raw`|(?:that\s+)?(?:pays?|paying|offers?|offering|gives?|giving)\s+the\s+most(?:\s+money)?|with\s+the\s+most\s+(?:money|funding)` +
        String.raw`|${orderBy}\s+(?:the\s+)?(?:award\s+)?(?:amount|size|funding|money)(?:\s+(?:descending|high(?:est)?\s+to\s+low(?:est)?))?|(?:most|more)\s+money\s+first` +
        // A follow-up asking for more: "bigger ones", "larger awards".
        String.raw`|(?:the\s+)?(?:bigger|larger|higher[\s-]paying|better[\s-]funded)\s+(?:ones?|awards?|amounts?)(?:\s+first)?)\b`,
      'g',
    ),
  },
  {
    sort: 'amount-asc',
    pattern: /\b(?:the\s+)?(?:(?:smallest|lowest[\s-]paying|cheapest)(?:\s+(?:ones?|awards?|amounts?))?|smaller\s+(?:ones?|awards?|amounts?))(?:\s+first)?\b/g,
  },
  {
    sort: 'due-date-asc',
    pattern: new RegExp(
      String.raw`\b(?:(?:clos(?:e|es|ing)|due|end(?:s|ing)?|expir(?:e|es|ing))\s+(?:the\s+)?soonest|(?:the\s+)?soonest(?:\s+(?:deadlines?|ones?|first))?|(?:the\s+)?earliest\s+(?:deadlines?|closing(?:\s+dates?)?|due\s+dates?)(?:\s+first)?` +
        String.raw`|(?:the\s+)?most\s+urgent(?:\s+ones?)?(?:\s+first)?|${orderBy}\s+(?:the\s+)?(?:deadlines?|due\s+dates?|closing\s+dates?)|(?:deadlines?|due\s+dates?)\s+first` +
        // "what closes first?", "which ones are due first", "closing first".
        String.raw`|(?:(?:what|which)(?:\s+ones?)?\s+)?(?:(?:is|are)\s+)?(?:clos(?:e|es|ing)|due|end(?:s|ing)?|expir(?:e|es|ing))\s+first(?!\s+(?:quarter|half|week|weeks|day|days|month|months|of|round|cycle)\b))\b`,
      'g',
    ),
  },
  {
    sort: 'due-date-desc',
    pattern: /\b(?:(?:the\s+)?(?:latest|furthest|farthest|last)\s+(?:deadlines?|closing(?:\s+dates?)?|due\s+dates?)(?:\s+first)?|(?:the\s+)?most\s+time\s+to\s+(?:apply|prepare))\b/g,
  },
  {
    sort: 'posted-desc',
    pattern: new RegExp(
      String.raw`\b(?:(?:the\s+)?(?:newest|most\s+recent(?:ly\s+(?:posted|announced|published|added|released))?|(?:latest|recently|just|newly)\s+(?:posted|announced|published|added|released))(?:\s+(?:ones?|grants?|calls?|opportunities|announcements))?(?:\s+first)?` +
        String.raw`|${orderBy}\s+(?:the\s+)?(?:post(?:ed|ing)?\s+date|date\s+(?:posted|published)|newest)|new\s+ones\s+first)\b`,
      'g',
    ),
  },
  {
    sort: 'match',
    pattern: /\b(?:(?:the\s+)?(?:best|closest)\s+match(?:es|ing)?(?:\s+first)?|(?:the\s+)?most\s+relevant(?:\s+first)?|(?:sorted|ordered|ranked)\s+by\s+relevance)\b/g,
  },
];

/** What each constraint is called when a follow-up drops it. */
const constraintNames: [RegExp, ClearedConstraint][] = [
  [/deadlines?|dates?|due dates?|closing dates?|time ?frames?|timing|time window/, 'deadline'],
  [/amounts?|award (?:size|amount)s?|budgets?|(?:funding|money|dollar) (?:limit|amount)s?|minimum|maximum|size/, 'amount'],
  [/agenc(?:y|ies)|funders?|sponsors?/, 'agency'],
  [/applicants?(?: types?)?|eligibility|who (?:can|may) apply|applicant restrictions?/, 'eligibility'],
  [/cost[\s-]?shar(?:e|ing)(?: requirements?)?|match(?:ing)?(?: funds| requirements?)?/, 'cost-share'],
];
const dropWords = String.raw`(?:never\s*mind|forget(?:\s+about)?|drop|remove|ignore|clear|lose|skip|not|(?:i\s+)?(?:don'?t|do not)\s+care\s+about)`;
/** "never mind the deadline", "drop the amount", "any agency", "the deadline doesn't matter", "whatever the amount". */
export const clearPatterns = constraintNames.map(([name, key]) => ({
  key,
  pattern: new RegExp(
    String.raw`\b(?:${dropWords}\s+(?:the\s+|that\s+|this\s+|a\s+|any\s+)?(?:${name.source})(?:\s+(?:filter|limit|constraint|restriction))?` +
      String.raw`|(?:any|whatever\s+the|regardless\s+of(?:\s+the)?)\s+(?:${name.source})|(?:the\s+)?(?:${name.source})\s+(?:doesn'?t|does\s+not|don'?t|do\s+not|not)\s+matters?` +
      // "go back to all agencies", "every applicant".
      String.raw`|(?:(?:go\s+)?back\s+to\s+)?(?:all|every)\s+(?:${name.source}))\b`,
    'g',
  ),
}));

/**
 * A topic word taken back in a follow-up: "forget the rural part", "drop the
 * word “pilot”" (quotes are gone by then), "never mind the pediatric bit". The
 * word is no longer asked for; it is not left out ("drop hiv" and "without
 * rural" leave grants that say it out). Group 1 or 2: the words.
 */
export const forgetPattern = new RegExp(
  String.raw`\b(?:forget|drop|remove|ignore|lose|skip|never\s*mind|leave\s+out|take\s+out)\s+(?:about\s+)?(?:the\s+)?` +
    String.raw`(?:words?\s+([a-z][\w'-]*)` +
    String.raw`|([a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+(?:part|bit|requirement|condition|aspect|angle|piece))`,
  'gi',
);

/**
 * "working on …", and who is working on it: "I'm a historian working on …"
 * (the topic is what follows). Not who may apply: "we are a nonprofit working
 * on …" is query-parser.ts's eligibility.
 */
export const workingOnPattern =
  /\b(?:(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:an?\s+)?(?!(?:non-?profit|universit|college|tribe|tribal|compan|firm|business|state|cit(?:y|ies)|count(?:y|ies)|town|school|local|for-?profit|individual|organi[sz]ation)[a-z]*\b)[a-z-]+\s+)?(?:working|focused|focusing|concentrating)\s+on\b/g;

/**
 * How a plain-English question is put rather than what it is about (issue 25,
 * item 6): neither a topic word nor a requirement. Each is narrow, so a topic
 * that uses the word ("existing datasets", "caregiver support", "a longitudinal
 * study") keeps it.
 */
export const framingPatterns: RegExp[] = [
  /\b(?:exists?|is there|are there)(?=\s+(?:for|to|on|in|that)\b|\s*[?.]?\s*$)/g,
  /\b(?:hmm+|hm+|umm*|uh+|okay|yeah|yep|thanks|thank you|more like)\b/g,
  // "never mind, any agency", "no wait", "how about Arizona instead": how a follow-up is put, not a topic.
  /\b(?:never\s*mind|no\s+wait|scratch\s+that)(?=\s*(?:[,.;:!-]|$))|\binstead\b(?!\s+of)/g,
  /\b(?:ideally|preferably|possibly|perhaps|maybe|especially|particularly|specifically|mainly|mostly|primarily|really|actually|somehow)\b/g,
  /\b(?:(?:private\s+)?foundations?\s+or\s+)?(?:federal\s+|government\s+|public\s+)?(?:agencies|funders|sponsors|organizations|foundations|institutes|centers|directorates|divisions|offices)\s+(?:that\s+|which\s+)?(?:support|supports|supporting|fund|funding|offer|offering|pay|paying)\b/g,
  /\b(grants?|awards?|money|opportunities|programs?|programmes?|funds|that|which)\s+(?:support|supporting|supports|that support|to support|cover|covers|covering|that cover|pay for|pays for|paying for)\b/g,
  /(?:^\s*|\b(?:find|get|any|need|needs|some|seeking|there|available|federal|financial)\s+)support(?=\s+for\b)/g,
  /\b(?:tell|show|give|send|get|find)\s+me(?:\s+(?:about|some|any|a few))?\b/g,
  /\b(?:i|we)\s+(?:study|research|work on|am working on|are working on)\b/g,
  // "my lab works on …", "our group studies …", "how much does NEH give for …".
  /\b(?:my|our)\s+(?:lab|laboratory|group|team|center|centre|department|institute|organi[sz]ation|office|company|nonprofit)\s+(?:works?\s+on|is\s+working\s+on|focuses\s+on|studies|researches|does)\b/g,
  /\bhow\s+much\s+(?:money\s+)?(?:does|do|did|will|would|can|could|might)\b(?:\s+(?:the|an?))?/g,
  /\b(?:what'?s|what is|anything)\s+out\s+there\b/g,
  // How long or how often, not what about: "$50k per year", "a 3-year project", "multi-year funding".
  /\b(?:per|a|each|every)\s+(?:year|yr|annum)\b|\bannually\b/g,
  /\b(?:\d+|one|two|three|four|five|six|multi|several)[\s-]years?(?:[\s-]long)?\b(?=\s+(?:project|projects|award|awards|grant|grants|study|studies|program|programs|programme|funding|effort|period|commitment|fellowship|plan|budget|support)\b)/g,
  /\b(?:a|an|my|our|the)\s+(?:new\s+|small\s+|pilot\s+)?(?:study|project|proposal|idea)\s+(?:on|of|into|about|looking at)\b/g,
  // Who is asking, not what about: "I'm an assistant professor looking for my first grant in …".
  /\b(?:i'?m|i\s+am|we'?re|we\s+are|as)\s+(?:an?\s+)?(?:new(?:ly\s+hired)?\s+|junior\s+|early[\s-]career\s+|tenure[\s-]track\s+)?(?:assistant\s+|associate\s+|full\s+|adjunct\s+|visiting\s+|clinical\s+)?(?:professors?|faculty(?:\s+members?)?|lecturers?)\b/g,
  /\b(?:my|our|their|a)\s+(?:very\s+)?first\b(?=\s+(?:(?:federal|nih|nsf|big|major|external|research|independent)\s+)?(?:grants?|awards?|funding|r01|proposals?)\b)/g,
  // How a purchase is put: "to buy a mass spectrometer" ("rolling deadlines" is a constraint: query-dates.ts).
  /\b(?:to|for)\s+(?:buy|buying|purchase|purchasing)\b/g,
  /\b(?:help|assistance)\s+(?:me\s+|us\s+)?(?:with\s+)?(?:finding|locating|identifying|searching\s+for)\b/g,
  // How a follow-up narrows or changes: "limit to Texas", "narrow it down to tribes", "make it New Mexico".
  /\b(?:limit|restrict|narrow|change|switch)(?:\s+(?:it|that|this|them|those|the\s+results?))?(?:\s+down)?\s+to\b|\bmake\s+(?:it|that)\b/g,
  /\b(?:help|assistance)\s+(?:with\s+)?(?:paying|to\s+pay)(?:\s+for)?\b/g,
  /\bseed\s+(?:money|funding|funds)\b/g,
  // "who pays for …", "who funds …", "is anyone funding … right now": how a question is put.
  /\b(?:who|anyone|anybody)\s+(?:pays|paying|funds|funding|supports|supporting|sponsors|gives\s+(?:money|grants))(?:\s+for)?\b|\bright\s+now\b/g,
  // "to host a conference on …", "organize a workshop": the event is the topic, not the verb.
  /\b(?:to\s+)?(?:host|hosting|hold|holding|organi[sz]e|organi[sz]ing|run|running|convene|convening)\s+(?=(?:a|an|our|the|my)\s+(?:\w+\s+)?(?:conferences?|workshops?|symposi(?:um|a)|meetings?|summits?|events?|seminars?|courses?|camps?|institutes?)\b)/g,
  // Size said of grants without an amount: "big grants (over $5M)" asks an amount, not the word "big".
  /\b(?:big|large|huge|substantial|sizable|sizeable)\s+(?=(?:grants?|awards?|funding|money)\b)/g,
  // "any deadline is fine", "any agency is ok": the constraint dropped is read apart; this is how it is put.
  /\b(?:is|are|would\s+be|will\s+be)\s+(?:fine|ok|okay|good|alright|all\s+right|acceptable)\b/g,
  // What a grant is called, not what it is about: "open calls for …", "any current solicitations on …", "calls for proposals".
  /\b(?:(?:current|recent|active|upcoming|new|funding|grant|research)\s+)*(?<!\b(?:phone|telephone|911|emergency|video|cold|house|service)\s+)(?:calls?|solicitations?|announcements?|notices? of funding(?: opportunity)?|nofos?|rfps?|rfas?|foas?)(?:\s+for\s+(?:proposals|applications|abstracts|papers|submissions))?(?=\s+(?:for|on|about|in|from|to|that|which|related|regarding|around)\b|\s*[?.!]?\s*$)/g,
  /\b(?:current|currently\s+open|active)(?=\s+(?:grants?|funding|opportunit(?:y|ies)|programs?|awards?)\b)/g,
];

/** Words after "not" that describe the grant rather than a topic to leave out: "clinical trials not allowed". */
const notExcludable = ['allowed', 'required', 'permitted', 'optional', 'open', 'closed', 'forecasted', 'forecast', 'posted', 'past', 'only'];
/**
 * "not about vaccines", "excluding substance abuse", "drop the HIV ones",
 * "exclude vaccines and microbicides": the first word of each phrase after is
 * left out, and the words of the same phrase after it ("abuse") are dropped
 * rather than searched for. Group 1 is the first phrase's word, group 2 the
 * list that follows ("and microbicides").
 */
const phraseRest = String.raw`(?:\s+(?!(?:and|or|nor|but|in|for|of|to|with|on|at|from|by|that|which|ones)\b)[a-z0-9][a-z0-9-]*){0,2}`;
export const negationPattern = new RegExp(
  String.raw`\b(?:(?:but|and)\s+)?(?:not|excluding|exclude|except|without|drop|remove|hide|skip|other than|besides|apart from|aside from)\s+` +
    String.raw`(?:(?:about|the|any|all|including|those|ones)\s+)*` +
    String.raw`(?!(?:${notExcludable.join('|')})\b)([a-z0-9][a-z0-9-]*)${phraseRest}` +
    String.raw`((?:\s*,?\s+(?:and|or|nor)\s+(?:the\s+|any\s+)?(?!(?:${notExcludable.join('|')}|in|for|of|to|with|on|at|from|by|that|which|not|no)\b)[a-z0-9][a-z0-9-]*${phraseRest})*)(?:\s+ones)?`,
  'g',
);
