// The frame every GrantBridge e-mail shares: a brand header, a white card,
// and a small footer saying why the message came, laid out with MJML (a
// maintained e-mail framework whose output reads well in Outlook, Gmail and
// Apple Mail). A layout is compiled once per process, at its first message (a
// few milliseconds each time would be minutes for an import's alerts or a
// newsletter's thousand copies); each message then fills its %%SLOT%%s, every
// value escaped except BODY, which is HTML its builder escaped.

export const emailBrand = '#1e3a8a';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A link in the brand's colour, its address and text escaped. */
export const emailLink = (href: string, text: string, weight = 600) =>
  `<a href="${escapeHtml(href)}" style="color:${emailBrand};font-weight:${weight};text-decoration:underline">${escapeHtml(text)}</a>`;

/**
 * The MJML of a layout: `heading` in the header bar, `card` (MJML elements) in
 * the white card, `footer` (inline HTML) in the small print. English, and
 * titled with %%TITLE%% (the subject): a screen reader then reads the message
 * in the right voice and names it.
 */
export function emailMarkup(parts: { heading: string; card: string; footer: string }): string {
  return `<mjml lang="en">
  <mj-head>
    <mj-title>%%TITLE%%</mj-title>
    <mj-attributes><mj-all font-family="Segoe UI, Helvetica, Arial, sans-serif" /><mj-text font-size="15px" line-height="22px" color="#1f2937" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="${emailBrand}" padding="16px 24px"><mj-column><mj-text color="#ffffff" font-size="18px" font-weight="700">${parts.heading}</mj-text></mj-column></mj-section>
    <mj-section background-color="#ffffff" padding="8px 24px 24px"><mj-column>
      ${parts.card}
    </mj-column></mj-section>
    <mj-section padding="16px 24px"><mj-column>
      <mj-text font-size="12px" line-height="18px" color="#4b5563">${parts.footer}</mj-text>
    </mj-column></mj-section>
  </mj-body>
</mjml>`;
}

/** A compiled layout's renderer: the slots' values in, the message's HTML out. */
export function emailLayout<S extends string>(markup: string, slots: readonly S[]) {
  let compiled: Promise<string> | null = null;
  // MJML is loaded with the first e-mail rather than at start: it is the largest
  // package the server uses, a third of the time a start spends loading code.
  const compile = () =>
    import('mjml')
      .then(({ default: mjml2html }) => mjml2html(markup, { validationLevel: 'strict' }))
      .then((result) => result.html);
  return async (values: Record<S, string>): Promise<string> => {
    compiled ??= compile();
    let html = await compiled;
    for (const slot of slots) {
      const value = slot === 'BODY' ? values[slot] : escapeHtml(values[slot]);
      html = html.split(`%%${slot}%%`).join(value);
    }
    return html;
  };
}
