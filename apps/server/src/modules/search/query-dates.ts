// Deadlines as a question says them, for query-parser.ts: months and days
// ("March 15, 2027", "3/15/2027"), the words that say a deadline ("closing",
// "due", "deadlines"), and named periods from today ("this spring", "next
// quarter") as the window of days they cover. Pure; pinned by
// query-parser.test.ts.

const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
export const monthPattern = `(?:${months.map((m) => `${m}|${m.slice(0, 3)}`).join('|')})`;

export function utcDate(y: number, m: number, d: number) {
  return new Date(Date.UTC(y, m, d));
}

type DateSpec = { start: Date; end: Date };

/** "March 2027" → the whole month; "March 15, 2027" / "2027-03-15" / "3/15/2027" → that day. */
export function parseDateSpec(text: string, today: Date): DateSpec | null {
  const t = text.trim().toLowerCase().replace(/,/g, '');
  let m = t.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (m) {
    const d = utcDate(+m[1]!, +m[2]! - 1, +m[3]!);
    return Number.isNaN(d.getTime()) ? null : { start: d, end: d };
  }
  m = t.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (m) {
    const d = utcDate(+m[3]!, +m[1]! - 1, +m[2]!);
    return { start: d, end: d };
  }
  // Month and day without a year ("by 12/31"): the next such day from today.
  m = t.match(/^(\d{1,2})\/(\d{1,2})$/);
  if (m) {
    let d = utcDate(today.getUTCFullYear(), +m[1]! - 1, +m[2]!);
    if (d < today) d = utcDate(today.getUTCFullYear() + 1, +m[1]! - 1, +m[2]!);
    return { start: d, end: d };
  }
  m = t.match(new RegExp(`^(${monthPattern})\\.?(?:\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d))?(?:\\s+(\\d{4}))?$`));
  if (m) {
    const month = months.findIndex((name) => name.startsWith(m![1]!.slice(0, 3)));
    let year = m[3] ? +m[3] : today.getUTCFullYear();
    if (!m[3] && utcDate(year, month + 1, 0) < today) year += 1;
    if (m[2]) {
      const d = utcDate(year, month, +m[2]);
      return { start: d, end: d };
    }
    return { start: utcDate(year, month, 1), end: utcDate(year, month + 1, 0) };
  }
  m = t.match(/^(\d{4})$/);
  if (m) return { start: utcDate(+m[1]!, 0, 1), end: utcDate(+m[1]!, 11, 31) };
  return null;
}

export const dateToken = String.raw`(?:\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{4}|(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])(?![\d/])|${monthPattern}\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?(?!\d))?(?:,?\s+\d{4})?|\d{4})`;

const seasons: Record<string, number> = { spring: 2, summer: 5, fall: 8, autumn: 8, winter: 11 };
/** A count said in digits or words ("3 weeks", "two weeks", "a month"). */
export const countPattern = String.raw`(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
const countWords = ['a', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** The number a countPattern match says ("an" and "a" are one). */
export function countOf(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : Math.max(1, countWords.indexOf(text === 'an' ? 'a' : text));
}

/** Words that say a deadline: a date or period after them is when the grant closes. */
/**
 * Grants with no closing date, however it is said: "no deadline", "without a
 * fixed due date", "rolling deadlines", "on a rolling basis", "open-ended
 * calls", "accepted year-round", "open until funds run out". "Any time" is no
 * such thing: it drops a window ("whenever", query-parser.ts).
 */
export const noDeadlinePattern = new RegExp(
  [
    String.raw`\b(?:(?:with|having|that\s+ha(?:ve|s))\s+)?(?:no|without\s+(?:an?\s+|any\s+)?)\s*(?:fixed\s+|set\s+|firm\s+|hard\s+|specific\s+|application\s+|submission\s+)?(?:deadlines?|due\s+dates?|clos(?:e|ing)\s+dates?)\b`,
    String.raw`\b(?:(?:applications?|proposals?|submissions?)\s+(?:are\s+)?)?(?:(?:with|on|that\s+ha(?:ve|s)|having|accepted\s+on|reviewed\s+on|accepted|reviewed)\s+)?(?:an?\s+)?rolling\s+(?:deadlines?|basis|submissions?|applications?|due\s+dates?|intake|admissions?|calls?|reviews?|grants?|funding|opportunit\w*|programs?|awards?)\b`,
    String.raw`\bopen[\s-]ended\s+(?:grants?|funding|calls?|solicitations?|opportunit\w*|programs?|deadlines?|announcements?|submissions?)\b`,
    String.raw`\b(?:(?:applications?|proposals?|submissions?)\s+(?:are\s+)?)?(?:accepted|open|submit(?:ted)?|apply)\s+(?:at\s+any\s+time\s+of\s+(?:the\s+)?year|year[\s-]round|all\s+year(?:\s+round)?|continuously)\b`,
    String.raw`\bcontinuous(?:ly)?\s+(?:open|submissions?|intake|applications?)\b`,
    String.raw`\b(?:open\s+)?until\s+(?:the\s+)?(?:funds?|money)\s+(?:are\s+|is\s+)?(?:exhausted|runs?\s+out|used\s+up|gone)\b`,
  ].join('|'),
  'g',
);

export const closingWords = String.raw`(?:closing|closes|close|due|deadlines?|ending|ends)`;
export const periodPattern = new RegExp(
  String.raw`\b(?:${closingWords}\s+)?(?:in\s+|during\s+)?(?:the\s+)?(this|next|coming)\s+(spring|summer|fall|autumn|winter|week|month|quarter|year)\b`,
  'g',
);
/** A season after a word of closing, without "this" ("deadlines in spring"): the coming one. Alone it may be a topic ("spring wheat"). */
export const bareSeasonPattern = new RegExp(String.raw`\b${closingWords}\s+(?:in|during)\s+(?:the\s+)?(spring|summer|fall|autumn|winter)\b`, 'g');

/**
 * The days a named period covers, from today at the earliest: "this spring"
 * is the coming spring (the current one while in it), "next spring" the one
 * after a current spring; months and quarters are calendar ones.
 */
export function periodWindow(which: string, period: string, today: Date): { start: Date; end: Date } {
  const y = today.getUTCFullYear();
  const mo = today.getUTCMonth();
  const span = (first: Date, months: number) => ({
    start: first < today ? today : first,
    end: utcDate(first.getUTCFullYear(), first.getUTCMonth() + months, 0),
  });
  const next = which === 'next';
  if (period === 'week') {
    // Weeks run Monday to Sunday: this one ends on the coming Sunday, the next one is the seven days after it.
    const sunday = utcDate(y, mo, today.getUTCDate() + ((7 - today.getUTCDay()) % 7));
    const day = (offset: number) => utcDate(sunday.getUTCFullYear(), sunday.getUTCMonth(), sunday.getUTCDate() + offset);
    return next ? { start: day(1), end: day(7) } : { start: today, end: sunday };
  }
  if (period === 'month') return span(utcDate(y, mo + (next ? 1 : 0), 1), 1);
  if (period === 'quarter') return span(utcDate(y, Math.floor(mo / 3) * 3 + (next ? 3 : 0), 1), 3);
  if (period === 'year') return span(utcDate(y + (next ? 1 : 0), 0, 1), 12);
  const first = seasons[period]!;
  // The season that contains today or comes next (winter starts in December of one year).
  let start = utcDate(y - 1, first, 1);
  while (utcDate(start.getUTCFullYear(), first + 3, 0) < today) start = utcDate(start.getUTCFullYear() + 1, first, 1);
  if (next && start <= today) start = utcDate(start.getUTCFullYear() + 1, first, 1);
  return span(start, 3);
}

/**
 * A deadline said as before a period: "closing before summer", "by next
 * month", "due by the end of spring", "ahead of the start of next year".
 * Groups: the word (before, by, until, ahead of), the edge (start, beginning,
 * end), then "this/next/coming" and the period, or a bare season.
 */
export const beforePeriodPattern = new RegExp(
  String.raw`\b(?:${closingWords}\s+)?(before|by|until|ahead\s+of)\s+(?:the\s+)?(?:(start|beginning|end)\s+of\s+(?:the\s+)?)?(?:(this|next|coming)\s+(spring|summer|fall|autumn|winter|week|month|quarter|year)|(spring|summer|fall|autumn|winter))\b`,
  'g',
);

/** From today to the day before the period starts, or to its last day when "the end of" it is said. */
export function beforePeriodWindow(edge: string | undefined, which: string | undefined, period: string, today: Date): { start: Date; end: Date } {
  let window = periodWindow(which ?? 'this', period, today);
  // Already in it: a bare season is the next one ("before summer" in July), "this month" runs to its end.
  if (edge !== 'end' && window.start <= today && !which) window = periodWindow('next', period, today);
  if (edge === 'end' || window.start <= today) return { start: today, end: window.end };
  return { start: today, end: utcDate(window.start.getUTCFullYear(), window.start.getUTCMonth(), window.start.getUTCDate() - 1) };
}

/**
 * A calendar quarter: "closing in Q1", "due in the second quarter of 2027",
 * "by Q3". Groups: "by" when said, the quarter as a digit (Q1) or a word
 * (first, 2nd), and the year.
 */
export const quarterPattern = new RegExp(
  String.raw`\b(?:${closingWords}\s+)?(?:in\s+|during\s+|(by|before\s+the\s+end\s+of)\s+)?(?:the\s+)?(?:q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter)(?:\s+(?:of\s+)?(\d{4}))?\b`,
  'g',
);

/**
 * The quarter's days: of the year said, else the next one not yet over (from
 * today at the earliest); "by Q3" is from today to its last day.
 */
export function quarterWindow(by: string | undefined, digit: string | undefined, word: string | undefined, year: string | undefined, today: Date): { start: Date; end: Date } {
  const words = ['first', 'second', 'third', 'fourth'];
  const short = ['1st', '2nd', '3rd', '4th'];
  const q = digit ? Number(digit) - 1 : Math.max(words.indexOf(word!), short.indexOf(word!));
  let y = year ? Number(year) : today.getUTCFullYear();
  if (!year && utcDate(y, q * 3 + 3, 0) < today) y += 1;
  const start = utcDate(y, q * 3, 1);
  return { start: by || start < today ? today : start, end: utcDate(y, q * 3 + 3, 0) };
}

/** "the second half of 2027", "first half of next year", "by the second half of this year". */
export const halfPattern = new RegExp(
  String.raw`\b(?:${closingWords}\s+)?(?:in\s+|during\s+|(by)\s+)?(?:the\s+)?(first|second|1st|2nd|latter)\s+half\s+(?:of\s+)?(?:(\d{4})|(this|next)\s+year)\b`,
  'g',
);

/** The half year's days (from today at the earliest); "by" is from today to its last day. */
export function halfWindow(by: string | undefined, which: string, year: string | undefined, relative: string | undefined, today: Date): { start: Date; end: Date } {
  const h = which === 'first' || which === '1st' ? 0 : 1;
  const y = year ? Number(year) : today.getUTCFullYear() + (relative === 'next' ? 1 : 0);
  const start = utcDate(y, h * 6, 1);
  return { start: by || start < today ? today : start, end: utcDate(y, h * 6 + 6, 0) };
}

const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/**
 * A weekday said with a deadline: "due Friday", "closing this Friday", "by
 * next Monday", "due on Tuesday". The weekday is the next one from today (today
 * itself included), "next Friday" the one in next week (Monday to Sunday, as
 * "next week" reads). Groups: the word before (on, by, before, until), the
 * qualifier (this, next, coming), the weekday.
 */
export const weekdayPattern = new RegExp(
  String.raw`\b(?:${closingWords}\s+(on|by|before|until)?\s*|(by|before|until)\s+)(?:(this|next|coming)\s+)?(${weekdays.join('|')})\b`,
  'g',
);

/** The window a weekday said with a deadline gives: that day ("on"), or from today to it. */
export function weekdayWindow(before: string | undefined, which: string | undefined, weekday: string, today: Date): { from: Date; to: Date } {
  const ahead = (weekdays.indexOf(weekday) - today.getUTCDay() + 7) % 7;
  let day = utcDate(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ahead);
  if (which === 'next') {
    const nextWeek = periodWindow('next', 'week', today);
    while (day < nextWeek.start) day = utcDate(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 7);
  }
  if (before === 'on') return { from: day, to: day };
  const to = before === 'before' ? utcDate(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - 1) : day;
  return { from: today, to: to < today ? today : to };
}
