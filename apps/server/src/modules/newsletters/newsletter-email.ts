// A newsletter as e-mail: an HTML part laid out with MJML and a plain-text
// part with the same content. The layout is compiled once per process; each
// recipient's copy only fills in their own links (the grant links go through
// the click redirect, the unsubscribe link is theirs). Every value is escaped
// before it meets the markup. No tracking pixel: opens are not counted, only
// grants opened through their links.
import type { NewsletterGrant } from '@grantbridge/contract/newsletters';
import { emailBrand, emailLayout, emailMarkup, escapeHtml } from '../../lib/email-layout';

export type NewsletterContent = {
  title: string;
  intro: string;
  institution: string;
  grants: NewsletterGrant[];
};
export type RecipientLinks = {
  grantUrl: (grantId: string) => string;
  unsubscribeUrl: string;
  readUrl: string;
};
export type RenderedNewsletter = { subject: string; html: string; text: string };

const brand = emailBrand;
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const day = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Up to $500,000", "$50,000 to $250,000", or null when the sponsor states no amount. */
export function amountLine(
  grant: Pick<NewsletterGrant, 'awardCeiling' | 'awardFloor'>,
): string | null {
  const { awardCeiling: ceiling, awardFloor: floor } = grant;
  if (ceiling && floor && floor < ceiling)
    return `${dollars.format(floor)} to ${dollars.format(ceiling)}`;
  if (ceiling) return `Up to ${dollars.format(ceiling)}`;
  if (floor) return `From ${dollars.format(floor)}`;
  return null;
}

export function closeLine(grant: Pick<NewsletterGrant, 'closeDate'>): string {
  return grant.closeDate
    ? `Closes ${day.format(new Date(`${grant.closeDate}T00:00:00Z`))}`
    : 'No close date given';
}

/** One grant's facts in a line: agency, close date, amount. */
export function grantFacts(grant: NewsletterGrant): string {
  return [grant.agency, closeLine(grant), amountLine(grant)].filter(Boolean).join(' · ');
}

const slots = ['TITLE', 'BODY', 'READ_URL', 'WHY', 'UNSUBSCRIBE_URL'] as const;
const render = emailLayout(
  emailMarkup({
    heading: 'GrantBridge · Funding newsletter',
    card: `<mj-text padding-top="16px">%%BODY%%</mj-text>
      <mj-button href="%%READ_URL%%" background-color="${brand}" align="left">Read it in GrantBridge</mj-button>`,
    footer: `%%WHY%%
        <a href="%%UNSUBSCRIBE_URL%%" style="color:${brand}">Unsubscribe from these newsletters</a>`,
  }),
  slots,
);

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);

export async function renderNewsletter(
  content: NewsletterContent,
  links: RecipientLinks,
): Promise<RenderedNewsletter> {
  const subject = content.title;
  const why = `You get this newsletter from ${content.institution}'s research office through GrantBridge.`;
  const grantsHtml = content.grants.length
    ? content.grants
        .map(
          (g) =>
            `<p style="margin:16px 0"><a href="${escapeHtml(links.grantUrl(g.id))}" style="color:${brand};font-weight:600;text-decoration:underline">${escapeHtml(g.title)}</a><br />` +
            `<span style="color:#4b5563">${escapeHtml(grantFacts(g))}</span></p>`,
        )
        .join('')
    : '<p>No open grants this time.</p>';
  const html = await render({
    TITLE: subject,
    BODY:
      `<h1 style="margin:0 0 8px;font-size:22px;line-height:28px">${escapeHtml(content.title)}</h1>` +
      paragraphs(content.intro)
        .map((p) => `<p style="margin:8px 0">${escapeHtml(p)}</p>`)
        .join('') +
      `<h2 style="margin:20px 0 4px;font-size:17px;line-height:24px">Funding opportunities</h2>${grantsHtml}`,
    READ_URL: links.readUrl,
    WHY: why,
    UNSUBSCRIBE_URL: links.unsubscribeUrl,
  });
  const text = [
    content.title.toUpperCase(),
    '',
    ...paragraphs(content.intro).flatMap((p) => [p, '']),
    'FUNDING OPPORTUNITIES',
    ...(content.grants.length
      ? content.grants.flatMap((g) => [
          '',
          `- ${g.title}`,
          `  ${grantFacts(g)}`,
          `  ${links.grantUrl(g.id)}`,
        ])
      : ['No open grants this time.']),
    '',
    `Read it in GrantBridge: ${links.readUrl}`,
    '',
    '--',
    why,
    `Unsubscribe from these newsletters: ${links.unsubscribeUrl}`,
  ].join('\n');
  return { subject, html, text };
}
