// How a count against a sponsor's application cap reads (NIH: six a calendar
// year, decision 060): "4 of 6 NIH applications this year", the year named
// when it is not this one, and a warning one below the cap and at it.
import type { SponsorCapStatus } from '@grantbridge/contract/sponsor-caps';

const ordinals = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
const cardinals = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const ordinal = (n: number) => ordinals[n] ?? `${n}th`;
const cardinal = (n: number) => cardinals[n] ?? String(n);

export type SponsorCapText = {
  /** "4 of 6 NIH applications this year" / "… in 2027". */
  count: string;
  /** The warning, one below the cap or at it; null below that. */
  warning: string | null;
  tone: 'info' | 'warning';
};

/** `whose`: the signed-in researcher ("you") or a researcher the office looks at ("they"). */
export function sponsorCapText(status: SponsorCapStatus, currentYear: number, whose: 'you' | 'they' = 'you'): SponsorCapText {
  const when = status.year === currentYear ? 'this year' : `in ${status.year}`;
  const count = `${status.used} of ${status.cap} ${status.sponsor} applications ${when}`;
  const limit = `${status.sponsor}'s limit of ${cardinal(status.cap)} applications for ${status.year}`;
  if (status.atCap) {
    return { count, warning: whose === 'you' ? `You have reached ${limit}.` : `They have reached ${limit}.`, tone: 'warning' };
  }
  if (status.warn) {
    const next = ordinal(status.cap);
    return {
      count,
      warning:
        whose === 'you'
          ? `This would be your ${next}: the last ${status.sponsor} accepts from you ${when}.`
          : `Their next would be their ${next}, the last ${status.sponsor} accepts ${when}.`,
      tone: 'warning',
    };
  }
  return { count, warning: null, tone: 'info' };
}
