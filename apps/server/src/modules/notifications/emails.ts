// Alert and digest e-mails: an HTML part laid out with MJML (a maintained
// e-mail framework whose output reads well in Outlook, Gmail and Apple Mail)
// and a plain-text part with the same content. Every value is escaped before
// it meets the markup. Digests group every kind, each list capped with
// "and N more" and a link to see them all.
import { notificationKindLabels, type NotificationKind } from '@grantbridge/contract/notifications';

export type EmailItem = { title: string; body: string; link: string };
export type DigestGroup = { kind: NotificationKind; items: EmailItem[]; more: number };
export type RenderedEmail = { subject: string; text: string; html: string };

/** Items listed per kind in a digest; the rest are counted ("and 4 more"). */
export const digestItemsPerKind = 5;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const brand = '#1e3a8a';
const link = (href: string, text: string, weight = 600) =>
  `<a href="${escapeHtml(href)}" style="color:${brand};font-weight:${weight};text-decoration:underline">${escapeHtml(text)}</a>`;

/**
 * The layout, compiled by MJML once (a few milliseconds each time would be
 * minutes for a large import's alerts); each message fills its slots with
 * escaped HTML.
 */
const slots = ['TITLE', 'BODY', 'BUTTON_URL', 'BUTTON_LABEL', 'WHY', 'SETTINGS_URL', 'UNSUBSCRIBE_URL'] as const;
type Slots = Record<(typeof slots)[number], string>;
let layout: Promise<string> | null = null;

function compileLayout() {
  // English, and titled with the subject: a screen reader then reads the message in the right voice and names it.
  const markup = `<mjml lang="en">
  <mj-head>
    <mj-title>%%TITLE%%</mj-title>
    <mj-attributes><mj-all font-family="Segoe UI, Helvetica, Arial, sans-serif" /><mj-text font-size="15px" line-height="22px" color="#1f2937" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="${brand}" padding="16px 24px"><mj-column><mj-text color="#ffffff" font-size="18px" font-weight="700">GrantBridge</mj-text></mj-column></mj-section>
    <mj-section background-color="#ffffff" padding="8px 24px 24px"><mj-column>
      <mj-text padding-top="16px">%%BODY%%</mj-text>
      <mj-button href="%%BUTTON_URL%%" background-color="${brand}" align="left">%%BUTTON_LABEL%%</mj-button>
    </mj-column></mj-section>
    <mj-section padding="16px 24px"><mj-column>
      <mj-text font-size="12px" line-height="18px" color="#4b5563">%%WHY%%
        <a href="%%SETTINGS_URL%%" style="color:${brand}">Choose what you hear about</a> ·
        <a href="%%UNSUBSCRIBE_URL%%" style="color:${brand}">Unsubscribe</a></mj-text>
    </mj-column></mj-section>
  </mj-body>
</mjml>`;
  // MJML is loaded with the first e-mail rather than at start: it is the largest
  // package the server uses, a third of the time a start spends loading code.
  return import('mjml')
    .then(({ default: mjml2html }) => mjml2html(markup, { validationLevel: 'strict' }))
    .then((result) => result.html);
}

/** The layout with each slot filled; `BODY` is HTML already escaped, every other value is escaped here. */
async function render(values: Slots): Promise<string> {
  layout ??= compileLayout();
  let html = await layout;
  for (const slot of slots) {
    const value = slot === 'BODY' ? values[slot] : escapeHtml(values[slot]);
    html = html.split(`%%${slot}%%`).join(value);
  }
  return html;
}

const itemHtml = (item: EmailItem) => `<p style="margin:12px 0">${link(item.link, item.title)}<br />${escapeHtml(item.body)}</p>`;

export async function instantEmail(input: {
  name: string;
  kind: NotificationKind;
  item: EmailItem;
  unsubscribeUrl: string;
  settingsUrl: string;
}): Promise<RenderedEmail> {
  const label = notificationKindLabels[input.kind].label;
  const why = `You get this e-mail because “${label}” e-mails are on for your GrantBridge account.`;
  const html = await render({
    TITLE: input.item.title,
    BODY: `<p style="margin:0">Hello ${escapeHtml(input.name)},</p>${itemHtml(input.item)}`,
    BUTTON_URL: input.item.link,
    BUTTON_LABEL: 'Open in GrantBridge',
    WHY: why,
    SETTINGS_URL: input.settingsUrl,
    UNSUBSCRIBE_URL: input.unsubscribeUrl,
  });
  const text = [
    `Hello ${input.name},`,
    '',
    input.item.title,
    input.item.body,
    input.item.link,
    '',
    '--',
    why,
    `Choose what you hear about: ${input.settingsUrl}`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join('\n');
  return { subject: input.item.title, text, html };
}

export async function digestEmail(input: {
  name: string;
  period: 'daily' | 'weekly';
  groups: DigestGroup[];
  seeAllUrl: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}): Promise<RenderedEmail> {
  const total = input.groups.reduce((n, g) => n + g.items.length + g.more, 0);
  const periodWord = input.period === 'daily' ? 'daily' : 'weekly';
  const subject = `Your ${periodWord} GrantBridge digest: ${total} update${total === 1 ? '' : 's'}`;
  const why = `You get this ${periodWord} digest because some alerts are set to “${input.period === 'daily' ? 'Daily digest' : 'Weekly digest'}”.`;
  const groupsHtml = input.groups
    .map(
      (g) =>
        `<h2 style="margin:20px 0 4px;font-size:17px;line-height:24px">${escapeHtml(notificationKindLabels[g.kind].label)}</h2>` +
        g.items.map(itemHtml).join('') +
        (g.more ? `<p style="margin:4px 0">${link(input.seeAllUrl, `and ${g.more} more`, 400)}</p>` : ''),
    )
    .join('');
  const html = await render({
    TITLE: subject,
    BODY: `<p style="margin:0">Hello ${escapeHtml(input.name)}, here is what happened since your last digest.</p>${groupsHtml}`,
    BUTTON_URL: input.seeAllUrl,
    BUTTON_LABEL: 'See all notifications',
    WHY: why,
    SETTINGS_URL: input.settingsUrl,
    UNSUBSCRIBE_URL: input.unsubscribeUrl,
  });
  const text = [
    `Hello ${input.name}, here is what happened since your last digest.`,
    ...input.groups.flatMap((g) => [
      '',
      notificationKindLabels[g.kind].label.toUpperCase(),
      ...g.items.flatMap((i) => [`- ${i.title}`, `  ${i.body}`, `  ${i.link}`]),
      ...(g.more ? [`  and ${g.more} more: ${input.seeAllUrl}`] : []),
    ]),
    '',
    `See all notifications: ${input.seeAllUrl}`,
    '',
    '--',
    why,
    `Choose what you hear about: ${input.settingsUrl}`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join('\n');
  return { subject, text, html };
}
