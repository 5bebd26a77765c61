// Who may apply, as a question says it (query-parser.ts): "for universities",
// "can a tribal government apply", "grants that nonprofits can apply for", and
// the Grants.gov eligible-applicant codes each stands for.

/** Grants.gov eligible-applicant codes by who a person says they are (data/relevance/GUIDE.md). */
export const eligibilityCodes: Record<string, string[]> = {
  universities: ['06', '20'],
  tribes: ['07', '11'],
  nonprofits: ['12', '13'],
  'small-businesses': ['23'],
  // For-profit organisations other than small businesses, and small businesses (which are for-profit too).
  'for-profits': ['22', '23'],
  'state-governments': ['00'],
  'local-governments': ['01', '02', '04'],
  'school-districts': ['05'],
  individuals: ['21'],
};

// Who is asking or may apply: "for universities", "can universities apply", "what can a small nonprofit get", "as a tribe", "only tribes".
const applicant = String.raw`\b(?:for|open to|available to|eligible to|only|as|can|could|may|(?:i'?m|i am|we'?re|we are|i work|we work)(?: at| with| from| in)?)\s+(?:a\s+|an\s+|our\s+|my\s+)?(?:small\s+(?=non-?profit)|(?:small|public|private|minority[\s-]serving|(?:two|four|2|4)[\s-]year)\s+(?=universit|(?:community\s+|junior\s+|technical\s+)?colleges?\b))?`;
const applicantNames: [RegExp, string][] = [
  [/(?:universit(?:y|ies)|(?:community\s+|junior\s+|technical\s+)?colleges?|higher education(?: institutions)?)/, 'universities'],
  [/non-?profits?(?: organizations)?/, 'nonprofits'],
  [/(?:tribes?|tribal (?:governments?|nations?|organi[sz]ations?|councils?))/, 'tribes'],
  [/small business(?:es)?/, 'small-businesses'],
  [/(?:for-?profits?(?:\s+(?:compan(?:y|ies)|organi[sz]ations?|businesses|firms?|entities))?|(?:private\s+)?(?:compan(?:y|ies)|firms?|corporations?))/, 'for-profits'],
  // "a state health department", "the state department of health" (never "the State Department" alone: the federal one).
  [/(?:states|state (?:governments?|agenc(?:y|ies))|state(?: [a-z]+){1,3} agencies|state(?: [a-z]+){1,2} departments?|state departments? of [a-z]+)/, 'state-governments'],
  [/(?:local governments|cities|counties|municipalities|(?:county|city|local|municipal)(?: [a-z]+)? departments? of [a-z]+|(?:county|city|local|municipal) health departments?)/, 'local-governments'],
  // One city or county asking ("can a city apply"); "for city parks" stays a topic.
  [/(?:city|county|town|municipality|local government)(?=\s+(?:apply|get|receive|qualify)\b)/, 'local-governments'],
  [/school districts?/, 'school-districts'],
  [/individuals/, 'individuals'],
];
export const eligibilityPhrases: [RegExp, string][] = applicantNames.flatMap(([who, key]) => [
  [new RegExp(`${applicant}${(who as RegExp).source}\\b`, 'g'), key as string],
  // Said after: "grants that nonprofits can apply for", "ones universities are eligible for".
  [
    new RegExp(
      String.raw`\b(?:a\s+|an\s+|our\s+)?(?:${(who as RegExp).source})\s+(?:(?:can|could|may|are\s+able\s+to|is\s+able\s+to)\s+(?:apply|qualify)(?:\s+(?:for|to))?|(?:are|is)\s+eligible(?:\s+(?:for|to\s+apply))?)\b`,
      'g',
    ),
    key as string,
  ],
  // A follow-up that names only who: "how about nonprofits instead?", "what about universities".
  [
    new RegExp(
      String.raw`\b(?:what|how)\s+about\s+(?:for\s+)?(?:a\s+|an\s+)?(?:${(who as RegExp).source})(?=\s*(?:instead|then|too)?\s*[?.!]?\s*$)`,
      'g',
    ),
    key as string,
  ],
]) as [RegExp, string][];

const smallBusiness = String.raw`(?:small[\s-]business(?:es)?|sbir|sttr)`;
/** "not for small businesses", "exclude the small business ones", "no SBIR or STTR": never who may apply. */
export const smallBusinessNegation = new RegExp(
  String.raw`\b(?:(?:but|and)\s+)?(?:not|no|nothing|none|exclude|excluding|except|without|drop|remove|hide|skip|other than|besides|leave out|leaving out)\s+` +
    String.raw`(?:(?:about|the|any|all|those|ones|for|from|to|of)\s+)*${smallBusiness}(?:\s*(?:/|,|or|and|nor)\s*${smallBusiness})*` +
    String.raw`(?:\s+(?:ones|grants?|funding|awards?|programs?|programmes?|calls|opportunities|mechanisms?))?\b`,
  'g',
);

/**
 * Who may not apply ("not open to universities", "but not for tribes", "excluding nonprofits"): no filter
 * says that, and read as who may apply it would keep only them; the words are dropped.
 */
const names = applicantNames.map(([who]) => who.source).join('|');
export const applicantNegation = new RegExp(
  String.raw`\b(?:(?:but|and)\s+)?(?:not|excluding|except|other than|besides)\s+(?:(?:open|available|eligible)\s+)?(?:(?:to|for)\s+)?(?:a\s+|an\s+)?` +
    String.raw`(?:${names})(?:\s*(?:,|or|and|nor)\s+(?:a\s+|an\s+)?(?:${names}))*\b`,
  'g',
);

