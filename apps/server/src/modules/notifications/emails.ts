// Alert and digest e-mails: an HTML part laid out with MJML (a maintained
// e-mail framework whose output reads well in Outlook, Gmail and Apple Mail)
// and a plain-text part with the same content. Every value is escaped before
// it meets the markup. Digests group every kind, each list capped with
// "and N more" and a link to see them all.
import mjml2html from 'mjml';
import { notificationKindLabels, type NotificationKind } from '@grantbridge/contract/notifications';

export type EmailItem = { title: string; body: string; link: string };
export type DigestGroup = { kind: NotificationKind; items: EmailItem[]; more: number };
export type RenderedEmail = { subject: string; text: string; html: string };

/** Items listed per kind in a digest; the rest are counted ("and 4 more"). */
export const digestItemsPerKind = 5;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const brand = '#1e3a8a';

async function render(body: string, footer: { unsubscribeUrl: string; settingsUrl: string; why: string }) {
  const markup = `<mjml>
  <mj-head>
    <mj-attributes><mj-all font-family="Segoe UI, Helvetica, Arial, sans-serif" /><mj-text font-size="15px" line-height="22px" color="#1f2937" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="${brand}" padding="16px 24px"><mj-column><mj-text color="#ffffff" font-size="18px" font-weight="700">GrantBridge</mj-text></mj-column></mj-section>
    <mj-section background-color="#ffffff" padding="8px 24px 24px"><mj-column>${body}</mj-column></mj-section>
    <mj-section padding="16px 24px"><mj-column>
      <mj-text font-size="12px" line-height="18px" color="#4b5563">${escapeHtml(footer.why)}
        <a href="${escapeHtml(footer.settingsUrl)}" style="color:${brand}">Choose what you hear about</a> ·
        <a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:${brand}">Unsubscribe</a></mj-text>
    </mj-column></mj-section>
  </mj-body>
</mjml>`;
  const result = await Promise.resolve(mjml2html(markup, { validationLevel: 'strict' }));
  return result.html;
}

const itemHtml = (item: EmailItem) =>
  `<mj-text padding="8px 0"><a href="${escapeHtml(item.link)}" style="color:${brand};font-weight:600;text-decoration:underline">${escapeHtml(item.title)}</a><br />${escapeHtml(item.body)}</mj-text>`;

export async function instantEmail(input: {
  name: string;
  kind: NotificationKind;
  item: EmailItem;
  unsubscribeUrl: string;
  settingsUrl: string;
}): Promise<RenderedEmail> {
  const label = notificationKindLabels[input.kind].label;
  const why = `You get this e-mail because “${label}” e-mails are on for your GrantBridge account.`;
  const html = await render(
    `<mj-text padding-top="16px">Hello ${escapeHtml(input.name)},</mj-text>${itemHtml(input.item)}
     <mj-button href="${escapeHtml(input.item.link)}" background-color="${brand}" align="left">Open in GrantBridge</mj-button>`,
    { unsubscribeUrl: input.unsubscribeUrl, settingsUrl: input.settingsUrl, why },
  );
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
        `<mj-text padding-top="20px" font-size="17px" font-weight="700">${escapeHtml(notificationKindLabels[g.kind].label)}</mj-text>` +
        g.items.map(itemHtml).join('') +
        (g.more ? `<mj-text padding="4px 0"><a href="${escapeHtml(input.seeAllUrl)}" style="color:${brand}">and ${g.more} more</a></mj-text>` : ''),
    )
    .join('');
  const html = await render(
    `<mj-text padding-top="16px">Hello ${escapeHtml(input.name)}, here is what happened since your last digest.</mj-text>${groupsHtml}
     <mj-button href="${escapeHtml(input.seeAllUrl)}" background-color="${brand}" align="left">See all notifications</mj-button>`,
    { unsubscribeUrl: input.unsubscribeUrl, settingsUrl: input.settingsUrl, why },
  );
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
