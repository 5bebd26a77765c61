// Amounts as a question says them, for query-parser.ts: the token an amount
// is written as ("$250,000", "250k", "2.5 million"), which bounds leave the
// amount itself out ("over"), and amounts in words ("half a million", "fifty
// thousand", "1-2 million") rewritten as digits before the parser reads them.

export const amountToken = String.raw`\$?\s*\d+(?:,\d{3})*(?:\.\d+)?\s*(?:k|thousand|million|mil|mm|m|billion|bn|b)?\b`;

export const strictBounds = new Set(['over', 'above', 'more than', 'greater than', 'exceeding', 'under', 'below', 'less than']);

const numberWords: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const teens: Record<string, number> = { eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19 };
const tens: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
/** A number of one to ninety-nine in words ("fifty", "twenty five", "twenty-five", "twelve"). */
const numberInWords = String.raw`(?:(?:${Object.keys(tens).join('|')})(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine))?|${Object.keys(teens).join('|')}|a|one|two|three|four|five|six|seven|eight|nine|ten)`;
function wordsValue(words: string): number {
  const [first, second] = words.split(/[\s-]+/);
  return tens[first!] !== undefined ? tens[first!]! + (second ? numberWords[second]! : 0) : (teens[first!] ?? numberWords[first!]!);
}

/** "half a million" → "500000", "a quarter million" → "250000", "two million" → "2000000". */
export function amountsInWords(text: string): string {
  return text
    .replace(/\b(?:a\s+)?(half|quarter)\s+(?:of\s+)?(?:a\s+)?(million|billion)\b/g, (_m, part: string, unit: string) =>
      ` ${(part === 'half' ? 0.5 : 0.25) * (unit === 'million' ? 1e6 : 1e9)} `,
    )
    .replace(new RegExp(String.raw`\b(${numberInWords})\s+(hundred thousand|thousand|million|billion)\b`, 'g'), (_m, n: string, unit: string) =>
      ` ${wordsValue(n) * ({ 'hundred thousand': 1e5, thousand: 1e3, million: 1e6, billion: 1e9 } as Record<string, number>)[unit]!} `,
    )
    // A range in dollars, each end said: "$50,000 to $100,000", "$50k-$100k", "50k to 100k" (not "2 to 3 years").
    .replace(/(\$\s*\d[\d,]*(?:\.\d+)?\s*(?:k|m|thousand|million)?)\s*(?:-|–|to)\s*(\$?\s*\d[\d,]*(?:\.\d+)?\s*(?:k|m|thousand|million)?)(?![\d,])/g, ' between $1 and $2 ')
    .replace(/\b(\d[\d,]*(?:\.\d+)?(?:k|m))\s*(?:-|–|to)\s*(\$?\d[\d,]*(?:\.\d+)?\s*(?:k|m|thousand|million))\b/g, ' between $1 and $2 ')
    // A range that names its unit once: "1-2 million", "100 to 500 thousand".
    .replace(/\b(\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(\d+(?:\.\d+)?)\s*(k|thousand|million|mil|m|billion|bn)\b/g, (_m, a: string, b: string, unit: string) => {
      const scale = unit === 'k' || unit === 'thousand' ? 1e3 : unit === 'billion' || unit === 'bn' ? 1e9 : 1e6;
      return ` between ${Number(a) * scale} and ${Number(b) * scale} `;
    });
}

/** Cost sharing or matching as a question names it ("cost share", "a 1:1 match", "matching funds", "non-federal match"). */
const costShare = String.raw`(?:(?:a\s+|any\s+)?(?:\d+\s*[:/]\s*\d+\s+|dollar[\s-]for[\s-]dollar\s+|non[\s-]?federal\s+)?(?:cost[\s-]?shar(?:e|es|ing)|cost[\s-]?match(?:ing)?|match(?:ing)?\s+(?:funds?|requirements?|contributions?|dollars|money|share)|(?:non[\s-]?federal\s+|1\s*[:/]\s*1\s+|dollar[\s-]for[\s-]dollar\s+)match(?:ing)?))`;
/**
 * Grants that ask no cost sharing or match, however it is said: "no cost
 * share", "without matching funds", "cost sharing not required", "that does
 * not require a match" (read as "not require" by then), "no match required".
 */
export const noCostSharePattern = new RegExp(
  [
    String.raw`\b(?:(?:with|having|that\s+ha(?:ve|s)|requiring)\s+)?(?:no|zero|not|without(?:\s+an?|\s+any)?)\s+(?:required\s+|mandatory\s+)?${costShare}(?:\s+(?:requirements?|required|needed|obligations?))?\b`,
    String.raw`\b(?:no|without(?:\s+an?|\s+any)?)\s+match(?:ing)?\s+(?:required|requirements?|needed)\b`,
    String.raw`\b${costShare}(?:\s+(?:requirements?|is|are))?\s+(?:not|n't)\s+(?:required|needed|mandatory)\b`,
    String.raw`\b(?:that\s+|which\s+)?(?:not|never)\s+(?:requir(?:e|es|ing)|ask(?:s|ing)?\s+for|need(?:s|ing)?)\s+(?:a\s+|any\s+)?(?:${costShare}|match(?:ing)?)\b`,
  ].join('|'),
  'g',
);

