import { describe, expect, it } from 'vitest';
import { plainLine, plainText } from './html-text';

describe('description text', () => {
  it('keeps the words and line breaks of HTML, and reads placeholders as no text', () => {
    expect(plainText('Faith Graves<br/>fgraves@usgs.gov &amp; <b>team</b>')).toBe('Faith Graves\nfgraves@usgs.gov & team');
    expect(plainText('  Not Available ')).toBeNull();
  });

  it('decodes HTML entities, numeric references and markup escaped twice', () => {
    expect(plainText('The agency&rsquo;s &ldquo;call&rdquo; &mdash; caf&eacute;, na&iuml;ve &amp; more&hellip;')).toBe(
      'The agency’s “call” — café, naïve & more…',
    );
    expect(plainText('&#8217; &#x2014; &#X41; &#0; &#xD800;')).toBe('’ — A');
    // As the XML hands it over when the HTML was escaped twice.
    expect(plainText('&lt;p&gt;Twice &amp;amp; escaped&lt;/p&gt;&lt;p&gt;Next&lt;/p&gt;')).toBe(
      'Twice & escaped\nNext',
    );
    expect(plainText('Unknown &foo; and declared &xxe; stay as written')).toBe('Unknown &foo; and declared &xxe; stay as written');
  });

  it('drops only real tags, so comparisons in the text survive', () => {
    expect(plainText('Budgets < 5 years and > 3 staff; x<y; GPA >= 3.0')).toBe('Budgets < 5 years and > 3 staff; x<y; GPA >= 3.0');
    expect(plainText('<p class="x">One</p><!-- note --><div>Two<br>Three</div>')).toBe('One\nTwo\nThree');
  });
});

describe('spaces and one-line values', () => {
  it('makes named spaces plain spaces and drops invisible marks', () => {
    expect(plainText('one&nbsp;two&ensp;three&emsp;four&thinsp;five')).toBe('one two three four five');
    expect(plainText('soft&shy;hyphen, joiners&zwnj;&zwj; and marks&lrm;&rlm;.')).toBe('softhyphen, joiners and marks.');
  });

  it('decodes every entity HTML names, with and without the table the importer used to keep', () => {
    expect(plainText('&frac12; &micro;m &Prime; &euro;5 &alpha; &rarr; &Eacute;cole')).toBe('½ µm ″ €5 α → École');
    expect(plainText('&ampx; &#65')).toBe('&ampx; &#65');
  });

  it('puts a title or name on one line', () => {
    expect(plainLine('Coastal\n\n<p>wetland</p>\tcarbon&nbsp;research')).toBe('Coastal wetland carbon research');
    expect(plainLine('None')).toBeNull();
  });
});
