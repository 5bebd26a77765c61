// The newsletter e-mail's two parts: every value escaped in the HTML, the
// same content in the text, each grant's facts in a line, links only where given.
import { describe, expect, it } from 'vitest';
import { amountLine, closeLine, renderNewsletter } from './newsletter-email';

const grant = {
  id: 'g1',
  title: 'Reefs <script>alert(1)</script> & "kelp"',
  opportunityNumber: 'N-1',
  agency: 'NOAA',
  closeDate: '2027-01-12',
  awardCeiling: 500_000,
  awardFloor: 100_000,
  fromSearch: null,
};

describe('the newsletter e-mail', () => {
  it('escapes what people typed and lists each grant with its links', async () => {
    const mail = await renderNewsletter(
      { title: 'News <b>now</b>', intro: 'First.\n\nSecond <i>para</i>.', institution: 'Example & Co', grants: [grant] },
      { grantUrl: (id) => `https://gb.test/r/tok/${id}`, unsubscribeUrl: 'https://gb.test/u/tok', readUrl: 'https://gb.test/read' },
    );
    expect(mail.subject).toBe('News <b>now</b>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>now</b>');
    expect(mail.html).toContain('Reefs &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;kelp&quot;');
    expect(mail.html).toContain('href="https://gb.test/r/tok/g1"');
    expect(mail.html).toContain('https://gb.test/u/tok');
    expect(mail.html).not.toMatch(/<img/i);
    expect(mail.text).toContain('Second <i>para</i>.');
    expect(mail.text).toContain('NOAA · Closes Jan 12, 2027 · $100,000 to $500,000');
    expect(mail.text).toContain('https://gb.test/r/tok/g1');
    expect(mail.text).toContain('Unsubscribe from these newsletters: https://gb.test/u/tok');
  });

  it('says amounts and close dates as the sponsor states them', () => {
    expect(amountLine({ awardCeiling: 250_000, awardFloor: null })).toBe('Up to $250,000');
    expect(amountLine({ awardCeiling: null, awardFloor: 5_000 })).toBe('From $5,000');
    expect(amountLine({ awardCeiling: null, awardFloor: null })).toBeNull();
    expect(closeLine({ closeDate: null })).toBe('No close date given');
  });
});
