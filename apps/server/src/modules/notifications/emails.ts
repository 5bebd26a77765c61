// Alert and digest e-mails: an HTML part in the e-mails' shared MJML frame
// (lib/email-layout.ts) and a plain-text part with the same content. Every value is escaped before
// it meets the markup. Digests group every kind, each list capped with
// "and N more" and a link to see them all.
import { notificationKindLabels, type NotificationKind } from '@grantbridge/contract/notifications';
import {
  emailBrand,
  emailLayout,
  emailLink,
  emailMarkup,
  escapeHtml,
} from '../../lib/email-layout';

export type EmailItem = { title: string; body: string; link: string };
export type DigestGroup = { kind: NotificationKind; items: EmailItem[]; more: number };
export type RenderedEmail = { subject: string; text: string; html: string };

/** Items listed per kind in a digest; the rest are counted ("and 4 more"). */
export const digestItemsPerKind = 5;

const link = emailLink;

/** The alert and digest layout; `BODY` is HTML already escaped, every other value is escaped when filled in. */
const slots = [
  'TITLE',
  'BODY',
  'BUTTON_URL',
  'BUTTON_LABEL',
  'WHY',
  'SETTINGS_URL',
  'UNSUBSCRIBE_URL',
] as const;
const render = emailLayout(
  emailMarkup({
    heading: 'GrantBridge',
    card: `<mj-text padding-top="16px">%%BODY%%</mj-text>
      <mj-button href="%%BUTTON_URL%%" background-color="${emailBrand}" align="left">%%BUTTON_LABEL%%</mj-button>`,
    footer: `%%WHY%%
        <a href="%%SETTINGS_URL%%" style="color:${emailBrand}">Choose what you hear about</a> ·
        <a href="%%UNSUBSCRIBE_URL%%" style="color:${emailBrand}">Unsubscribe</a>`,
  }),
  slots,
);

const itemHtml = (item: EmailItem) =>
  `<p style="margin:12px 0">${link(item.link, item.title)}<br />${escapeHtml(item.body)}</p>`;

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
        (g.more
          ? `<p style="margin:4px 0">${link(input.seeAllUrl, `and ${g.more} more`, 400)}</p>`
          : ''),
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
