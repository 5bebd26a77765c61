import { describe, expect, it } from 'vitest';
import { parseQuery } from './query-parser';

const today = new Date('2026-11-22T12:00:00Z');

describe('parseQuery', () => {
  it('keeps meaningful keywords and drops stop words and filler', () => {
    expect(
      parseQuery('Find me grants for soil carbon research in forests', today).keywords,
    ).toEqual(['soil', 'carbon', 'forests']);
    // Prepositions of place and manner are not topics: "among", "across", "towards".
    expect(parseQuery('loneliness among older adults across rural towns', today).keywords).toEqual(['loneliness', 'older', 'adults', 'rural', 'towns']);
  });

  it('reads minimum, maximum and ranges', () => {
    expect(parseQuery('climate grants over 500k', today)).toMatchObject({
      amountMin: 500_001,
      keywords: ['climate'],
    });
    expect(parseQuery('under $2 million for water', today)).toMatchObject({ amountMax: 1_999_999 });
    expect(parseQuery('up to $2 million for water', today)).toMatchObject({ amountMax: 2_000_000 });
    expect(parseQuery('between 100k and 1m', today)).toMatchObject({
      amountMin: 100_000,
      amountMax: 1_000_000,
    });
    expect(parseQuery('at least 50 thousand', today).amountMin).toBe(50_000);
  });

  it('reads agencies by acronym or name', () => {
    expect(parseQuery('NSF ecology', today)).toMatchObject({
      agency: 'NSF',
      keywords: ['ecology'],
    });
    expect(parseQuery('national institutes of health cancer', today)).toMatchObject({
      agency: 'NIH',
      keywords: ['cancer'],
    });
    expect(parseQuery("the nih's training grants", today).agency).toBe('NIH');
    expect(parseQuery('education technology', today).agency).toBeNull();
  });

  it('reads due dates', () => {
    expect(parseQuery('due before March 2027', today)).toMatchObject({
      dueTo: '2027-02-28',
      dueFrom: null,
    });
    expect(parseQuery('due by March 2027', today).dueTo).toBe('2027-03-31');
    expect(parseQuery('closing in 30 days', today)).toMatchObject({
      dueFrom: '2026-11-22',
      dueTo: '2026-12-22',
    });
    expect(parseQuery('closing in 2 weeks', today).dueTo).toBe('2026-12-06');
    expect(parseQuery('due after 2027-01-15', today).dueFrom).toBe('2027-01-16');
    // A month's short name is a month only as a whole word: "in marine biology" is no March.
    expect(parseQuery('a postdoc in marine biology from NSF closing after March', today)).toMatchObject({
      keywords: ['postdoc', 'marine', 'biology'],
      agency: 'NSF',
      dueFrom: '2027-04-01',
      dueTo: null,
    });
    expect(parseQuery('studies in decentralized systems, due in dec.', today)).toMatchObject({ keywords: ['studies', 'decentralized', 'systems'], dueFrom: '2026-12-01' });
  });

  it('understands "my profile"', () => {
    expect(parseQuery('grants that match my profile', today)).toMatchObject({
      matchProfile: true,
      keywords: [],
    });
    expect(parseQuery('match profile', today).matchProfile).toBe(true);
  });

  it('combines everything in one sentence', () => {
    expect(
      parseQuery('NIH cancer immunotherapy grants over $1M due before June 2027', today),
    ).toEqual({
      keywords: ['cancer', 'immunotherapy'],
      exclude: [],
      excludeAgencies: [],
      eligibility: [],
      amountMin: 1_000_001,
      amountMax: null,
      agency: 'NIH',
      dueFrom: null,
      dueTo: '2027-05-31',
      noDeadline: false,
      noCostShare: false,
      instruments: [],
      matchProfile: false,
      statuses: null,
      clear: [],
      forget: [],
      sort: null,
    });
  });

  it('reads amounts in words, and "over"/"under" leave the amount itself out', () => {
    expect(parseQuery('dementia caregiving over half a million', today)).toMatchObject({
      amountMin: 500_001,
      keywords: ['dementia', 'caregiving'],
    });
    expect(parseQuery('more than a quarter million', today).amountMin).toBe(250_001);
    expect(
      parseQuery('DOE solar energy funding worth at least a million dollars', today),
    ).toMatchObject({
      agency: 'DOE',
      amountMin: 1_000_000,
      keywords: ['solar', 'energy'],
    });
    expect(parseQuery('under two hundred thousand', today).amountMax).toBe(199_999);
  });

  it('reads weeks, days and counts in words as closing windows: "due next week", "this week", "two weeks", "tomorrow"', () => {
    const wednesday = new Date('2026-11-25T12:00:00Z');
    expect(parseQuery('grants due next week', wednesday)).toMatchObject({ keywords: [], dueFrom: '2026-11-30', dueTo: '2026-12-06' });
    expect(parseQuery('hiv grants closing this week', wednesday)).toMatchObject({ keywords: ['hiv'], dueFrom: '2026-11-25', dueTo: '2026-11-29' });
    expect(parseQuery('closing in the next two weeks', wednesday)).toMatchObject({ dueFrom: '2026-11-25', dueTo: '2026-12-09' });
    expect(parseQuery('deadlines within a month', wednesday)).toMatchObject({ dueFrom: '2026-11-25', dueTo: '2026-12-25' });
    expect(parseQuery('anything due tomorrow', wednesday)).toMatchObject({ keywords: [], dueFrom: '2026-11-26', dueTo: '2026-11-26' });
    expect(parseQuery('grants closing today', wednesday)).toMatchObject({ dueFrom: '2026-11-25', dueTo: '2026-11-25' });
    // A weekday said with a deadline: from today to it, or that day ("on"); "next Friday" is next week's.
    expect(parseQuery('what grants are due this Friday', wednesday)).toMatchObject({ keywords: [], dueFrom: '2026-11-25', dueTo: '2026-11-27' });
    expect(parseQuery('cancer grants due on Monday', wednesday)).toMatchObject({ keywords: ['cancer'], dueFrom: '2026-11-30', dueTo: '2026-11-30' });
    expect(parseQuery('anything closing by next Friday', wednesday)).toMatchObject({ dueFrom: '2026-11-25', dueTo: '2026-12-04' });
    expect(parseQuery('due before Wednesday', wednesday)).toMatchObject({ dueFrom: '2026-11-25', dueTo: '2026-11-25' });
    // A weekday with no deadline said is not one.
    expect(parseQuery('Friday night lights', wednesday)).toMatchObject({ keywords: ['friday', 'night', 'lights'], dueFrom: null });
    // "Next" that names no period is a topic word.
    expect(parseQuery('next generation sequencing', wednesday)).toMatchObject({ keywords: ['next', 'generation', 'sequencing'], dueFrom: null });
  });

  it('reads "no deadline", "rolling deadlines", "open-ended calls" and "accepted year-round" as grants with no closing date', () => {
    for (const q of [
      'grants with no deadline for community health',
      'community health funding without a fixed deadline',
      'community health, rolling deadlines',
      'community health applications accepted on a rolling basis',
      'open-ended calls in community health',
      'community health proposals are accepted year-round',
      'community health grants open until funds run out',
    ])
      expect(parseQuery(q, today), q).toMatchObject({ keywords: ['community', 'health'], noDeadline: true, dueFrom: null, dueTo: null });
    // A window said too is the closing date asked for; "any time" and a topic that rolls are no such thing.
    expect(parseQuery('rolling deadlines, or closing in March', today)).toMatchObject({ noDeadline: false, dueFrom: '2027-03-01' });
    expect(parseQuery('apply any time', today)).toMatchObject({ noDeadline: false, clear: ['deadline'] });
    expect(parseQuery('rolling stock maintenance', today)).toMatchObject({ keywords: ['rolling', 'stock', 'maintenance'], noDeadline: false });
  });

  it('reads a follow-up that drops a constraint as that, not as words: "never mind the deadline", "any amount"', () => {
    const clears = (text: string) => parseQuery(text, today).clear;
    expect(clears('never mind the deadline')).toEqual(['deadline']);
    expect(clears("the deadline doesn't matter")).toEqual(['deadline']);
    expect(clears("I don't care about the dates")).toEqual(['deadline']);
    expect(clears('any time')).toEqual(['deadline']);
    expect(parseQuery('drop the amount', today)).toMatchObject({ clear: ['amount'], exclude: [], keywords: [] });
    expect(clears('whatever the award size')).toEqual(['amount']);
    expect(clears('any agency')).toEqual(['agency']);
    expect(clears('go back to all agencies')).toEqual(['agency']);
    expect(parseQuery('go back to all agencies', today).keywords).toEqual([]);
    expect(clears('every applicant')).toEqual(['eligibility']);
    expect(parseQuery('hmm, actually any applicant', today)).toMatchObject({ clear: ['eligibility'], keywords: [] });
    // Left-out topics and deadlines as a property stay what they were.
    expect(parseQuery('drop hiv', today)).toMatchObject({ clear: [], exclude: ['hiv'] });
    // A topic word taken back ("forget the rural part") is not left out.
    expect(parseQuery('forget the rural part', today)).toMatchObject({ keywords: [], exclude: [], forget: ['rural'] });
    expect(parseQuery('drop the word pilot', today)).toMatchObject({ keywords: [], exclude: [], forget: ['pilot'] });
    expect(parseQuery('never mind the community health bit', today)).toMatchObject({ keywords: [], forget: ['community', 'health'] });
    expect(parseQuery('applicant training programs', today)).toMatchObject({ clear: [], keywords: ['applicant', 'training'] });
  });

  it('reads negation however it is said, and leaves out every agency joined to one left out', () => {
    expect(parseQuery("anything for climate adaptation that isn't NOAA or EPA", today)).toMatchObject({
      keywords: ['climate', 'adaptation'],
      agency: null,
      excludeAgencies: ['NOAA', 'EPA'],
    });
    expect(parseQuery('hiv grants that aren’t from NIH', today)).toMatchObject({ keywords: ['hiv'], excludeAgencies: ['NIH'] });
    expect(parseQuery("I don't want DOD ones, hiv prevention", today)).toMatchObject({ keywords: ['hiv', 'prevention'], excludeAgencies: ['DOD'] });
    expect(parseQuery('not the DOD or NIH ones', today)).toMatchObject({ agency: null, excludeAgencies: ['DOD', 'NIH'] });
    expect(parseQuery('hiv grants not from NIH, CDC or DOD', today)).toMatchObject({ agency: null, excludeAgencies: ['NIH', 'CDC', 'DOD'] });
    expect(parseQuery('cancer research that is not lung cancer', today)).toMatchObject({ keywords: ['cancer'], exclude: ['lung'] });
    // Named without a negation, either agency will do.
    expect(parseQuery('NOAA or EPA climate grants', today)).toMatchObject({ agency: 'NOAA,EPA', excludeAgencies: [] });
  });

  it('reads seasons, months, quarters and the fiscal year as closing windows from today', () => {
    expect(parseQuery('cancer survivorship grants that close this fall', today)).toMatchObject({
      keywords: ['cancer', 'survivorship'],
      dueFrom: '2026-11-22',
      dueTo: '2026-11-30',
    });
    expect(parseQuery('due this spring', today)).toMatchObject({
      dueFrom: '2027-03-01',
      dueTo: '2027-05-31',
    });
    expect(parseQuery('closing next winter', today)).toMatchObject({
      dueFrom: '2026-12-01',
      dueTo: '2027-02-28',
    });
    expect(parseQuery('next quarter', today)).toMatchObject({
      dueFrom: '2027-01-01',
      dueTo: '2027-03-31',
    });
    expect(parseQuery('this month', today)).toMatchObject({
      dueFrom: '2026-11-22',
      dueTo: '2026-11-30',
    });
    expect(parseQuery('by the end of the fiscal year', today)).toMatchObject({
      dueFrom: '2026-11-22',
      dueTo: '2027-09-30',
    });
    // A season word that is the topic stays a keyword.
    expect(parseQuery('fall prevention for older adults', today)).toMatchObject({
      keywords: ['fall', 'prevention', 'older', 'adults'],
      dueTo: null,
    });
  });

  it('reads a deadline said with "close" or "deadlines", and a season without "this", as the window, not a topic word', () => {
    // today is 2026-11-22
    expect(parseQuery('early childhood literacy grants that close before June', today)).toMatchObject({
      keywords: ['early', 'childhood', 'literacy'],
      dueTo: '2027-05-31',
    });
    expect(parseQuery('literacy grants which close by March 1', today)).toMatchObject({ keywords: ['literacy'], dueTo: '2027-03-01' });
    expect(parseQuery('literacy grants that close in March', today)).toMatchObject({
      keywords: ['literacy'],
      dueFrom: '2027-03-01',
      dueTo: '2027-03-31',
    });
    expect(parseQuery('literacy grants that close within 30 days', today)).toMatchObject({
      keywords: ['literacy'],
      dueFrom: '2026-11-22',
      dueTo: '2026-12-22',
    });
    expect(parseQuery('literacy grants with deadlines in spring', today)).toMatchObject({
      keywords: ['literacy'],
      dueFrom: '2027-03-01',
      dueTo: '2027-05-31',
    });
    expect(parseQuery('literacy grants with deadlines in the next 2 weeks', today)).toMatchObject({ keywords: ['literacy'], dueTo: '2026-12-06' });
    expect(parseQuery('wheat grants closing during the winter', today)).toMatchObject({ keywords: ['wheat'], dueFrom: '2026-12-01' });
    // A calendar quarter: of the year said, else the next one not yet over.
    expect(parseQuery('HUD grants for affordable housing that close in Q1', today)).toMatchObject({
      keywords: ['affordable', 'housing'],
      agency: 'HUD',
      dueFrom: '2027-01-01',
      dueTo: '2027-03-31',
    });
    expect(parseQuery('due in the second quarter of 2027', today)).toMatchObject({ keywords: [], dueFrom: '2027-04-01', dueTo: '2027-06-30' });
    expect(parseQuery('closing in Q4', today)).toMatchObject({ keywords: [], dueFrom: '2026-11-22', dueTo: '2026-12-31' });
    expect(parseQuery('soil grants due by Q2 2027', today)).toMatchObject({ keywords: ['soil'], dueFrom: '2026-11-22', dueTo: '2027-06-30' });
    // Before a period: from today to the day before it starts, or to its end when "the end of" it is said.
    expect(parseQuery('only the ones closing before summer', today)).toMatchObject({ keywords: [], dueFrom: '2026-11-22', dueTo: '2027-05-31' });
    expect(parseQuery('soil grants due before next summer', today)).toMatchObject({ keywords: ['soil'], dueTo: '2027-05-31' });
    expect(parseQuery('by the end of spring', today)).toMatchObject({ keywords: [], dueTo: '2027-05-31' });
    expect(parseQuery('anything before next month', today)).toMatchObject({ keywords: [], dueTo: '2026-11-30' });
    expect(parseQuery('before winter', today)).toMatchObject({ keywords: [], dueTo: '2026-11-30' });
    // Without a word of closing, a season is a topic ("spring wheat") and "close" a word like any other.
    expect(parseQuery('spring wheat breeding', today)).toMatchObject({ keywords: ['spring', 'wheat', 'breeding'], dueTo: null });
    expect(parseQuery('close encounters with wildlife', today).keywords).toContain('close');
  });

  it('reads "in the next N days", "within N weeks" and "by the end of the year" as the closing window', () => {
    // today is 2026-11-22
    expect(parseQuery('after-school STEM clubs in the next 60 days', today)).toMatchObject({
      keywords: ['after-school', 'stem', 'clubs'],
      dueFrom: '2026-11-22',
      dueTo: '2027-01-21',
    });
    expect(parseQuery('STEM clubs within 2 weeks', today)).toMatchObject({ keywords: ['stem', 'clubs'], dueTo: '2026-12-06' });
    expect(parseQuery('soil health programs for farmers due by end of year', today)).toMatchObject({
      keywords: ['soil', 'health', 'farmers'],
      dueFrom: '2026-11-22',
      dueTo: '2026-12-31',
    });
    expect(parseQuery('soil health before the end of the year', today)).toMatchObject({ keywords: ['soil', 'health'], dueTo: '2026-12-31' });
    expect(parseQuery('soil health by the end of this month', today)).toMatchObject({ keywords: ['soil', 'health'], dueTo: '2026-11-30' });
    expect(parseQuery('STEM clubs within the next 3 months', today)).toMatchObject({ keywords: ['stem', 'clubs'], dueTo: '2027-02-20' });
    // Years, or months without "next" or a word of closing, may be a project's length: not a deadline.
    expect(parseQuery('a study within 2 years of onset', today)).toMatchObject({ dueTo: null });
    expect(parseQuery('pilot projects completed within 6 months', today)).toMatchObject({ dueTo: null });
  });

  it('reads "X or more", "X or less", a range written "1-2 million", and tens in words as amounts', () => {
    expect(parseQuery('watershed grants of 250k or more', today)).toMatchObject({ keywords: ['watershed'], amountMin: 250_000 });
    expect(parseQuery('watershed grants of $100,000 or less', today)).toMatchObject({ keywords: ['watershed'], amountMax: 100_000 });
    expect(parseQuery('watershed grants worth 1-2 million', today)).toMatchObject({
      keywords: ['watershed'],
      amountMin: 1_000_000,
      amountMax: 2_000_000,
    });
    expect(parseQuery('watershed grants of 100 to 500 thousand', today)).toMatchObject({ amountMin: 100_000, amountMax: 500_000 });
    expect(parseQuery('less than fifty thousand dollars for art therapy', today)).toMatchObject({
      keywords: ['art', 'therapy'],
      amountMax: 49_999,
    });
    expect(parseQuery('at least twenty five thousand', today).amountMin).toBe(25_000);
    // Years and other numbers with a dash are not amounts.
    expect(parseQuery('covid-19 vaccines', today)).toMatchObject({ amountMin: null, amountMax: null });
  });

  it('reads "early", "mid" and "late" a month as a third of it, "the first week of" as its week', () => {
    // today is 2026-11-22
    expect(parseQuery('art therapy grants with a deadline in early March', today)).toMatchObject({
      keywords: ['art', 'therapy'],
      dueFrom: '2027-03-01',
      dueTo: '2027-03-10',
    });
    expect(parseQuery('art therapy grants due mid-April', today)).toMatchObject({ keywords: ['art', 'therapy'], dueFrom: '2027-04-11', dueTo: '2027-04-20' });
    expect(parseQuery('art therapy grants closing late February 2027', today)).toMatchObject({ dueFrom: '2027-02-21', dueTo: '2027-02-28' });
    // And its first or last week, its beginning, middle or end; "by" the end is up to it.
    expect(parseQuery('art therapy grants closing the first week of March', today)).toMatchObject({ keywords: ['art', 'therapy'], dueFrom: '2027-03-01', dueTo: '2027-03-07' });
    expect(parseQuery('art therapy grants due the last week of January', today)).toMatchObject({ dueFrom: '2027-01-25', dueTo: '2027-01-31' });
    expect(parseQuery('art therapy grants due by the end of March', today)).toMatchObject({ keywords: ['art', 'therapy'], dueFrom: null, dueTo: '2027-03-31' });
    expect(parseQuery('end of life care', today)).toMatchObject({ keywords: ['end', 'life', 'care'], dueTo: null });
    // Half a year.
    expect(parseQuery('art therapy grants closing in the second half of 2027', today)).toMatchObject({ keywords: ['art', 'therapy'], dueFrom: '2027-07-01', dueTo: '2027-12-31' });
    expect(parseQuery('art therapy grants due the first half of next year', today)).toMatchObject({ dueFrom: '2027-01-01', dueTo: '2027-06-30' });
  });

  it('reads agencies joined by "or", "and" or commas as any of them, in the order said; side by side, the first as before', () => {
    expect(parseQuery('NIH or NSF funding for bioinformatics tools', today)).toMatchObject({ agency: 'NIH,NSF', keywords: ['bioinformatics', 'tools'] });
    expect(parseQuery('EPA or USDA programs for farm runoff', today).agency).toBe('EPA,USDA');
    expect(parseQuery('NIH, NSF and DOE', today).agency).toBe('NIH,NSF,DOE');
    expect(parseQuery('NIH grants for cancer', today).agency).toBe('NIH');
    expect(parseQuery('USDA NIFA soil grants', today).agency).toBe('USDA');
  });

  it('leaves out what follows "besides", "apart from" and "other than", agencies and words alike', () => {
    expect(parseQuery('who funds coral reef monitoring besides NOAA', today)).toMatchObject({
      keywords: ['coral', 'reef', 'monitoring'],
      agency: null,
      excludeAgencies: ['NOAA'],
    });
    expect(parseQuery('coral reef grants apart from NOAA', today)).toMatchObject({ keywords: ['coral', 'reef'], agency: null, excludeAgencies: ['NOAA'] });
    expect(parseQuery('HIV grants other than vaccine trials', today)).toMatchObject({ keywords: ['hiv'], exclude: ['vaccine'] });
    expect(parseQuery('HIV grants aside from vaccines', today)).toMatchObject({ keywords: ['hiv'], exclude: ['vaccines'] });
  });

  it('reads "to study" and "studying" as framing, not a topic word; "study" as a noun stays', () => {
    expect(parseQuery('funding to study the effects of heat waves on elderly people', today).keywords).toEqual([
      'effects',
      'heat',
      'waves',
      'elderly',
      'people',
    ]);
    expect(parseQuery('grants for studying microplastics in rivers', today).keywords).toEqual(['microplastics', 'rivers']);
    expect(parseQuery('longitudinal study of aging', today).keywords).toEqual(['longitudinal', 'study', 'aging']);
    // "Study abroad" is a topic.
    expect(parseQuery('funding to study abroad in Japan', today).keywords).toEqual(['study', 'abroad', 'japan']);
  });

  it('leaves out how a question is put: "exists", "ideally", "agencies supporting", "grants supporting", "a study on"', () => {
    expect(parseQuery('What funding exists for community health workers in rural areas?', today).keywords).toEqual([
      'community',
      'health',
      'workers',
      'rural',
      'areas',
    ]);
    expect(parseQuery('I need money for a study on microplastics in drinking water, ideally EPA', today)).toMatchObject({
      keywords: ['microplastics', 'drinking', 'water'],
      agency: 'EPA',
    });
    expect(parseQuery('Any foundations or federal agencies supporting museum digitization projects?', today).keywords).toEqual([
      'museum',
      'digitization',
    ]);
    expect(parseQuery('grants supporting women entrepreneurs in developing countries', today).keywords).toEqual([
      'women',
      'entrepreneurs',
      'developing',
      'countries',
    ]);
    expect(parseQuery('Is there money for refugee resettlement services?', today).keywords).toEqual(['refugee', 'resettlement', 'services']);
    // The same words as a topic stay.
    expect(parseQuery('caregiver support', today).keywords).toEqual(['caregiver', 'support']);
    expect(parseQuery('secondary analysis of existing datasets', today).keywords).toEqual(['secondary', 'analysis', 'existing', 'datasets']);
    expect(parseQuery('philanthropic foundations research', today).keywords).toEqual(['philanthropic', 'foundations']);
    // Hesitations are not topics; words that can be either stay.
    expect(parseQuery('hmm, okay, thanks', today).keywords).toEqual([]);
    expect(parseQuery('My lab works on antibiotic resistance. Anything from CDC?', today)).toMatchObject({ keywords: ['antibiotic', 'resistance'], agency: 'CDC' });
    expect(parseQuery('how much does the NEH give for summer stipends', today)).toMatchObject({ keywords: ['summer', 'stipends'], agency: 'NEH' });
    expect(parseQuery('grants up to $50k per year for community gardens', today)).toMatchObject({ keywords: ['community', 'gardens'], amountMax: 50_000 });
    expect(parseQuery('funding for a 3-year project on water reuse', today).keywords).toEqual(['water', 'reuse']);
    expect(parseQuery('multi-year funding for coral monitoring', today).keywords).toEqual(['coral', 'monitoring']);
    expect(parseQuery('5-year survival after lung cancer', today).keywords).toEqual(['5-year', 'survival', 'lung', 'cancer']);
    expect(parseQuery("I'm an assistant professor looking for my first grant in soil microbiology", today).keywords).toEqual(['soil', 'microbiology']);
    expect(parseQuery('faculty development in nursing', today).keywords).toEqual(['faculty', 'development', 'nursing']);
    expect(parseQuery("I'm a historian working on slavery archives — anything?", today).keywords).toEqual(['slavery', 'archives']);
    expect(parseQuery('working on drought resilience', today).keywords).toEqual(['drought', 'resilience']);
    expect(parseQuery('help finding grants on wildfire smoke', today).keywords).toEqual(['wildfire', 'smoke']);
    // A region is one word, said by its countries (regions.ts).
    expect(parseQuery('HIV programs in Latin America', today).keywords).toEqual(['hiv', 'latin-america']);
    expect(parseQuery('South American rainforests', today).keywords).toEqual(['south-america', 'rainforests']);
    expect(parseQuery('cancer survivorship, R01 preferred', today).keywords).toEqual(['cancer', 'survivorship', 'r01']);
    expect(parseQuery('fact finding missions', today).keywords).toEqual(['fact', 'finding', 'missions']);
    expect(parseQuery('limit to Texas', today).keywords).toEqual(['texas']);
    expect(parseQuery('narrow it down to coral', today).keywords).toEqual(['coral']);
    expect(parseQuery('actually make it Oklahoma', today).keywords).toEqual(['oklahoma']);
    // A small number after "under" or "over" is an age or a count, not dollars.
    expect(parseQuery('autism in children under 5', today)).toMatchObject({ keywords: ['autism', 'children'], amountMax: null });
    expect(parseQuery('falls in adults over 65', today)).toMatchObject({ keywords: ['falls', 'adults'], amountMin: null });
    expect(parseQuery('grants under $500', today).amountMax).toBe(499);
    // A range with each end said, the sum a person needs, and a sum said in passing (no topic word).
    expect(parseQuery('grants of $50,000 to $100,000 for literacy', today)).toMatchObject({ keywords: ['literacy'], amountMin: 50000, amountMax: 100000 });
    expect(parseQuery('50k-100k for art supplies', today)).toMatchObject({ keywords: ['art', 'supplies'], amountMin: 50000, amountMax: 100000 });
    expect(parseQuery('I need 1.5 million for a cohort study on aging', today)).toMatchObject({ keywords: ['cohort', 'study', 'aging'], amountMin: 1_500_000 });
    expect(parseQuery('a $50,000 grant for museums', today)).toMatchObject({ keywords: ['museums'], amountMin: null, amountMax: null });
    expect(parseQuery('4 k-12 schools', today)).toMatchObject({ keywords: ['k-12', 'schools'], amountMin: null, amountMax: null });
    // A month and day without a year: the next such day.
    expect(parseQuery('grants closing by 12/31 for watershed planning', today)).toMatchObject({ keywords: ['watershed', 'planning'], dueTo: '2026-12-31' });
    expect(parseQuery('due after 3/15', today).dueFrom).toBe('2027-03-16');
    expect(parseQuery('in 3/4 of cases', today)).toMatchObject({ dueFrom: null, dueTo: null });
    // "I am at a community college" is who may apply.
    expect(parseQuery('I am at a community college and want to fund undergrad research in chemistry', today)).toMatchObject({ keywords: ['undergrad', 'chemistry'], eligibility: ['universities'] });
    // How the money comes: a funding instrument, not words; a title that names one stays words.
    expect(parseQuery('cybersecurity, only cooperative agreements', today)).toMatchObject({ keywords: ['cybersecurity'], instruments: ['CA'] });
    expect(parseQuery('wildlife, no cooperative agreements', today)).toMatchObject({ keywords: ['wildlife'], instruments: ['G', 'O', 'PC'] });
    expect(parseQuery('Cooperative Agreement for Long Term Data Collection', today)).toMatchObject({ instruments: [] });
    expect(parseQuery('Tribal Cooperative Agreements Program', today)).toMatchObject({ instruments: [] });
    expect(parseQuery('procurement contracts only', today)).toMatchObject({ instruments: ['PC'] });
    expect(parseQuery('first responders training', today).keywords).toEqual(['first', 'responders', 'training']);
    expect(parseQuery('grants with rolling deadlines for community health', today).keywords).toEqual(['community', 'health']);
    expect(parseQuery('funding to buy a mass spectrometer', today).keywords).toEqual(['mass', 'spectrometer']);
    expect(parseQuery('help paying for a clinical trial of a new sickle cell drug', today).keywords).toEqual(['clinical', 'trial', 'sickle', 'cell', 'drug']);
    expect(parseQuery('Which NIH institutes fund research on chronic pain in veterans?', today)).toMatchObject({ keywords: ['chronic', 'pain', 'veterans'], agency: 'NIH' });
    expect(parseQuery('which grants support open source software for science', today).keywords).toEqual(['open-source', 'software', 'science']);
    expect(parseQuery('open grants for water', today)).toMatchObject({ keywords: ['water'], statuses: ['forecasted', 'posted'] });
    expect(parseQuery('Looking for seed money for a pilot study on long COVID', today).keywords).toEqual(['long', 'covid']);
    expect(parseQuery('never mind, any agency', today)).toMatchObject({ keywords: [], clear: ['agency'] });
    expect(parseQuery('how about Arizona instead', today).keywords).toEqual(['arizona']);
    expect(parseQuery('instead of NIH', today).keywords).toEqual(['instead']);
    expect(parseQuery('water quality in the Great Lakes', today).keywords).toEqual(['water', 'quality', 'great', 'lakes']);
    expect(parseQuery('cool roofs', today).keywords).toEqual(['cool', 'roofs']);
  });

  it('reads an order asked for as the order, never as topic words: "the biggest", "closing soonest", "sorted by deadline"', () => {
    expect(parseQuery('What are the biggest NIH grants for cancer immunotherapy?', today)).toMatchObject({
      keywords: ['cancer', 'immunotherapy'],
      agency: 'NIH',
      sort: 'amount-desc',
    });
    expect(parseQuery('which wildfire grants pay the most', today)).toMatchObject({ keywords: ['wildfire'], sort: 'amount-desc' });
    expect(parseQuery('largest awards first', today)).toMatchObject({ keywords: [], sort: 'amount-desc' });
    expect(parseQuery('soil health grants sorted by amount', today)).toMatchObject({ keywords: ['soil', 'health'], sort: 'amount-desc' });
    expect(parseQuery('the smallest ones', today)).toMatchObject({ keywords: [], sort: 'amount-asc' });
    expect(parseQuery('bigger ones', today)).toMatchObject({ keywords: [], sort: 'amount-desc' });
    expect(parseQuery('smaller awards please', today)).toMatchObject({ keywords: [], sort: 'amount-asc' });
    expect(parseQuery('larger mammals conservation', today)).toMatchObject({ keywords: ['larger', 'mammals', 'conservation'], sort: null });
    expect(parseQuery('literacy programs closing soonest', today)).toMatchObject({ keywords: ['literacy'], sort: 'due-date-asc' });
    expect(parseQuery('what closes first?', today)).toMatchObject({ keywords: [], sort: 'due-date-asc' });
    expect(parseQuery('literacy programs, which ones are due first', today)).toMatchObject({ keywords: ['literacy'], sort: 'due-date-asc' });
    // "first" of a period is when, not an order.
    expect(parseQuery('literacy programs due first quarter of 2027', today)).toMatchObject({ sort: null, dueTo: '2027-03-31' });
    expect(parseQuery('which close soonest', today)).toMatchObject({ keywords: [], sort: 'due-date-asc' });
    expect(parseQuery('show the most urgent ones first', today)).toMatchObject({ keywords: [], sort: 'due-date-asc' });
    expect(parseQuery('order by deadline', today)).toMatchObject({ keywords: [], sort: 'due-date-asc' });
    expect(parseQuery('which have the latest deadlines', today)).toMatchObject({ keywords: [], sort: 'due-date-desc' });
    expect(parseQuery('best matches first', today)).toMatchObject({ keywords: [], sort: 'match' });
    expect(parseQuery('wildfire research, newest first', today)).toMatchObject({ keywords: ['wildfire'], sort: 'posted-desc' });
    expect(parseQuery('recently posted NIH grants on sleep', today)).toMatchObject({ keywords: ['sleep'], agency: 'NIH', sort: 'posted-desc' });
    expect(parseQuery('sorted by posted date', today)).toMatchObject({ keywords: [], sort: 'posted-desc' });
    // Of two orders that end together the longer is meant: "the latest deadlines first" is not "deadlines first".
    expect(parseQuery('the latest deadlines first', today)).toMatchObject({ keywords: [], sort: 'due-date-desc' });
    // The last order said wins.
    expect(parseQuery('biggest first, no wait, soonest first', today).sort).toBe('due-date-asc');
    // Said as a topic, or not at all: no order.
    expect(parseQuery('large-scale ocean observing systems', today)).toMatchObject({ keywords: ['large-scale', 'ocean', 'observing', 'systems'], sort: null });
    expect(parseQuery('small grants for museums', today)).toMatchObject({ keywords: ['small', 'museums'], sort: null });
    expect(parseQuery('highest impact cancer research', today)).toMatchObject({ sort: null });
    // Closing soon is a window, not an order.
    expect(parseQuery('cancer grants closing soon', today).sort).toBeNull();
  });

  it('reads who is asking in a question as who may apply: "can universities apply", "a small nonprofit", "as a tribe"', () => {
    expect(parseQuery('only tribes', today)).toMatchObject({ keywords: [], eligibility: ['tribes'] });
    expect(parseQuery('grants for firefighters over 200k that nonprofits can apply for', today)).toMatchObject({
      keywords: ['firefighters'],
      amountMin: 200_001,
      eligibility: ['nonprofits'],
    });
    expect(parseQuery('wetland programs universities are eligible for', today)).toMatchObject({ keywords: ['wetland'], eligibility: ['universities'] });
    expect(parseQuery('Can universities apply for DOE funding on hydrogen fuel cells?', today)).toMatchObject({
      keywords: ['hydrogen', 'fuel', 'cells'],
      agency: 'DOE',
      eligibility: ['universities'],
    });
    expect(parseQuery('What can a small nonprofit get for after-school youth programs?', today)).toMatchObject({
      keywords: ['after-school', 'youth'],
      eligibility: ['nonprofits'],
    });
    expect(parseQuery('as a tribe, what water grants are there', today)).toMatchObject({ keywords: ['water'], eligibility: ['tribes'] });
    expect(parseQuery('What grants can a tribal government get for climate resilience?', today)).toMatchObject({ keywords: ['climate', 'resilience'], eligibility: ['tribes'] });
    expect(parseQuery('can a state agency apply for flood mapping', today)).toMatchObject({ keywords: ['flood', 'mapping'], eligibility: ['state-governments'] });
    expect(parseQuery('we are a nonprofit working on adult literacy', today)).toMatchObject({ keywords: ['adult', 'literacy'], eligibility: ['nonprofits'] });
    // A small business is not a small nonprofit: the phrase stays a topic when nobody says it applies.
    expect(parseQuery('small business innovation research', today).eligibility).toEqual([]);
    expect(parseQuery('Can a for-profit company apply for NIH SBIR grants on medical devices?', today)).toMatchObject({
      keywords: ['sbir', 'medical', 'devices'],
      agency: 'NIH',
      eligibility: ['for-profits'],
    });
    expect(parseQuery('What grants can a city apply for to plant trees?', today)).toMatchObject({
      keywords: ['plant', 'trees'],
      eligibility: ['local-governments'],
    });
    expect(parseQuery('pharmaceutical company partnerships', today)).toMatchObject({ keywords: ['pharmaceutical', 'company', 'partnerships'], eligibility: [] });
    expect(parseQuery('grants for city parks', today)).toMatchObject({ keywords: ['city', 'parks'], eligibility: [] });
  });

  it('drops filler that is not a topic', () => {
    expect(parseQuery('only the ones still open', today).keywords).toEqual([]);
  });

  it('reads what to leave out: not, excluding, without, drop, and "-word"', () => {
    expect(
      parseQuery('HIV prevention programs in Africa that are not about vaccines', today),
    ).toMatchObject({
      keywords: ['hiv', 'prevention', 'africa'],
      exclude: ['vaccines'],
    });
    expect(parseQuery('cancer screening, not lung cancer', today)).toMatchObject({
      keywords: ['cancer', 'screening'],
      exclude: ['lung'],
    });
    expect(parseQuery('STEM education grants for HBCUs, but not K-12', today)).toMatchObject({
      exclude: ['k-12'],
    });
    expect(parseQuery('youth mental health excluding substance abuse', today)).toMatchObject({
      exclude: ['substance'],
    });
    expect(parseQuery('drop the HIV ones', today)).toMatchObject({
      keywords: [],
      exclude: ['hiv'],
    });
    expect(parseQuery('hiv prevention -vaccines', today)).toMatchObject({
      keywords: ['hiv', 'prevention'],
      exclude: ['vaccines'],
    });
    // "Clinical trials not allowed" asks for NIH's "(Clinical Trial Not Allowed)": the required ones are left out.
    expect(parseQuery('glioma immunotherapy, clinical trials not allowed', today)).toMatchObject({
      keywords: ['glioma', 'immunotherapy'],
      exclude: ['clinical_trial_required'],
    });
    // Clinical trials left out however it is said: the word "clinical" is not (every NIH title says it).
    for (const said of ['excluding clinical trials', 'but not clinical trials', "I don't want clinical trials", 'other than clinical trials'])
      expect(parseQuery(`cancer research, ${said}`, today), said).toMatchObject({ keywords: ['cancer'], exclude: ['clinical_trial_required'] });
    expect(parseQuery('glioma clinical trial required', today)).toMatchObject({
      keywords: ['glioma'],
      exclude: ['clinical_trial_not_allowed'],
    });
    // Written into the URL and read back, the phrase stays one exclusion.
    expect(parseQuery('glioma -clinical_trial_required', today).exclude).toEqual([
      'clinical_trial_required',
    ]);
    expect(parseQuery('covid-19 vaccines', today)).toMatchObject({
      keywords: ['covid-19', 'vaccines'],
      exclude: [],
    });
  });

  it('reads who must be able to apply as a filter, not a topic', () => {
    expect(
      parseQuery("I'm at a university: what cybersecurity scholarships can we apply for?", today),
    ).toMatchObject({
      keywords: ['cybersecurity', 'scholarships'],
      eligibility: ['universities'],
    });
    expect(parseQuery('substance use prevention for tribes', today).eligibility).toEqual([
      'tribes',
    ]);
    expect(parseQuery('wildlife grants open to state fish and game agencies', today)).toMatchObject(
      {
        keywords: ['wildlife'],
        eligibility: ['state-governments'],
      },
    );
    expect(parseQuery('cyber @universities', today)).toMatchObject({
      keywords: ['cyber'],
      eligibility: ['universities'],
    });
    // "Tribal" as a topic stays a topic.
    expect(parseQuery('tribal health', today)).toMatchObject({
      keywords: ['tribal', 'health'],
      eligibility: [],
    });
  });

  it('reads status words as the statuses searched, never as topic words', () => {
    const open = ['forecasted', 'posted'];
    const cases: [string, string[] | null, string[]][] = [
      ['only the ones that are open now', open, []],
      [
        'Which NOAA grants for coastal community resilience are still open?',
        open,
        ['coastal', 'community', 'resilience'],
      ],
      [
        'USGS funding for climate and drought science, only open ones please',
        open,
        ['climate', 'drought', 'science'],
      ],
      ['battery technology, open now', open, ['battery', 'technology']],
      ['rural broadband with a deadline still ahead', open, ['rural', 'broadband']],
      ['no forecasted', ['posted'], []],
      ['wildfire grants without forecasts and not closed', ['posted'], ['wildfire']],
      ['forecasted wildfire grants', ['forecasted'], ['wildfire']],
      ['past NSF CAREER awards', ['closed', 'archived'], ['career', 'awards']],
      ['closed HIV grants', ['closed', 'archived'], ['hiv']],
      ['HIV including closed ones', ['forecasted', 'posted', 'closed', 'archived'], ['hiv']],
      ['salmon grants of any status', ['forecasted', 'posted', 'closed', 'archived'], ['salmon']],
      // Not status words: a topic that says "open" or "closed".
      ['open science infrastructure', null, ['open-science', 'infrastructure']],
      ['closed-loop control', null, ['closed-loop', 'control']],
      // Forecasts asked for as well are added, never the only ones.
      ['also forecasted ones?', open, []],
      ['soil carbon, forecasts too', open, ['soil', 'carbon']],
      ['wildlife grants open to state agencies', null, ['wildlife']],
    ];
    for (const [text, statuses, keywords] of cases) {
      expect(parseQuery(text, today), text).toMatchObject({ statuses, keywords });
    }
  });

  it('reads "small business funding" as who applies, and drops "working on"', () => {
    expect(parseQuery('Small business funding for battery technology', today)).toMatchObject({
      keywords: ['battery', 'technology'],
      eligibility: ['small-businesses'],
    });
    expect(parseQuery('small business innovation research', today).eligibility).toEqual([]);
    // Left out, small-business programmes are SBIR and STTR, never who must be able to apply.
    for (const text of [
      'robotics grants, not for small businesses',
      'robotics but not small business grants',
      'robotics without SBIR or STTR',
      'robotics, no sbir/sttr',
      'robotics, excluding small business funding',
      'robotics and exclude the small business ones',
    ]) {
      expect(parseQuery(text, today), text).toMatchObject({ keywords: ['robotics'], exclude: ['sbir', 'sttr'], eligibility: [] });
    }
    expect(parseQuery('nonprofits working on rural broadband', today).keywords).toEqual([
      'nonprofits',
      'rural',
      'broadband',
    ]);
  });
  it('reads what a grant is called ("calls", "solicitations", "RFA", "NOFO") as how a question is put, not as its topic', () => {
    for (const [text, keywords] of [
      ['any current calls on coral reef restoration', ['coral', 'reef', 'restoration']],
      ['calls for proposals in quantum sensing', ['quantum', 'sensing']],
      ['NOFO for HIV prevention', ['hiv', 'prevention']],
      ['current grants for nursing workforce', ['nursing', 'workforce']],
      // A topic that says them keeps them.
      ['phone calls for smoking cessation', ['phone', 'calls', 'smoking', 'cessation']],
      ['current density measurements', ['current', 'density', 'measurements']],
    ] as const) {
      expect(parseQuery(text, today).keywords, text).toEqual(keywords);
    }
    // Who is asking, as "researchers" was: "I'm a nurse researcher" is about nursing, not about researchers.
    expect(parseQuery("I'm a nurse researcher interested in maternal mortality", today).keywords).toEqual(['nurse', 'maternal', 'mortality']);
    expect(parseQuery('Who pays for archaeological excavations?', today).keywords).toEqual(['archaeological', 'excavations']);
    expect(parseQuery('Is anyone funding long covid research right now', today).keywords).toEqual(['long', 'covid']);
    // An activity code in the plural is the code.
    expect(parseQuery("R01s or K99's in neuroscience", today).keywords).toEqual(['r01', 'k99', 'neuroscience']);
    // The event is the topic, not hosting it.
    expect(parseQuery('funding to host a conference on quantum materials', today).keywords).toEqual(['conference', 'quantum', 'materials']);
    expect(parseQuery('host communities for refugees', today).keywords).toEqual(['host', 'communities', 'refugees']);
    // Size said of grants is no topic; of anything else it is ("large animal models").
    expect(parseQuery('big grants (over $5M) for climate research', today)).toMatchObject({ keywords: ['climate'], amountMin: 5_000_001 });
    expect(parseQuery('large animal models', today).keywords).toEqual(['large', 'animal', 'models']);
    // "… is fine" is how a dropped constraint is put.
    expect(parseQuery('any deadline is fine', today)).toMatchObject({ keywords: [], clear: ['deadline'] });
    expect(parseQuery('any agency would be ok', today)).toMatchObject({ keywords: [], clear: ['agency'] });
  });

  it('leaves out every phrase of a list after a negation, never asking for the later ones', () => {
    for (const [text, keywords, exclude] of [
      ['hiv prevention, exclude vaccines and microbicides', ['hiv', 'prevention'], ['vaccines', 'microbicides']],
      ['youth mental health, excluding substance abuse and suicide prevention', ['youth', 'mental', 'health'], ['substance', 'suicide']],
      ['cancer but not lung or breast', ['cancer'], ['lung', 'breast']],
      // A constraint after "and" stays a constraint.
      ['hiv prevention excluding vaccines and closing in March', ['hiv', 'prevention'], ['vaccines']],
    ] as const) {
      expect(parseQuery(text, today), text).toMatchObject({ keywords, exclude });
    }
  });

  it('never reads who may not apply as who may ("not open to universities" kept only them)', () => {
    expect(parseQuery('robotics grants not open to universities', today)).toMatchObject({ keywords: ['robotics'], eligibility: [], exclude: [] });
    expect(parseQuery('museum grants for nonprofits but not for tribes or states', today)).toMatchObject({
      keywords: ['museum'],
      eligibility: ['nonprofits'],
      exclude: [],
    });
    expect(parseQuery('housing grants excluding nonprofits', today)).toMatchObject({ keywords: ['housing'], eligibility: [], exclude: [] });
  });

  it('reads "no cost share" however it is said as the constraint, never as words or words left out', () => {
    for (const text of [
      'watershed grants with no cost share',
      'watershed grants, no match required',
      'watershed grants without matching funds',
      'watershed grants that do not require a match',
      'watershed grants where cost sharing is not required',
      'watershed grants, no 1:1 match',
      'watershed grants with no non-federal match',
    ]) {
      expect(parseQuery(text, today), text).toMatchObject({ keywords: ['watershed'], noCostShare: true, exclude: [] });
    }
    // Asked for, or named, it stays words.
    expect(parseQuery('cost share required', today)).toMatchObject({ noCostShare: false, keywords: ['cost', 'share', 'required'] });
    expect(parseQuery('matching grant programs', today).noCostShare).toBe(false);
  });

  it('reads an agency whose programme is named as a model as no agency asked ("like the NSF CAREER award but for humanities")', () => {
    expect(parseQuery('something like the NSF CAREER award but for humanities', today)).toMatchObject({
      agency: null,
      keywords: ['career', 'award', 'humanities'],
    });
    expect(parseQuery('NIH grants like R21s', today)).toMatchObject({ agency: 'NIH', keywords: ['r21'] });
    // A state or county health department asking is who may apply; "around" is no topic word.
    expect(parseQuery('what can a state health department apply for around overdose prevention', today)).toMatchObject({
      keywords: ['overdose', 'prevention'],
      eligibility: ['state-governments'],
    });
    expect(parseQuery('grants for county health departments on vaccines', today)).toMatchObject({ keywords: ['vaccines'], eligibility: ['local-governments'] });
    expect(parseQuery('State Department exchange programs', today)).toMatchObject({ agency: 'DOS', eligibility: [] });
    expect(parseQuery('community resilience amid climate change', today).keywords).toEqual(['community', 'resilience', 'climate', 'change']);
    // "small colleges" asking are colleges, as "colleges" was.
    expect(parseQuery('grants like the NIH R15 for small colleges', today)).toMatchObject({ agency: null, keywords: ['r15'], eligibility: ['universities'] });
  });

  it('takes an agency joined by a hyphen with it, never the rest as a word left out', () => {
    expect(parseQuery('NSF-CBMS regional conferences')).toMatchObject({ agency: 'NSF', keywords: ['cbms', 'regional', 'conferences'], exclude: [] });
  });

  it('leaves agencies out in any phrasing, framing words out of the topic, and drops a word longer than any', () => {
    expect(parseQuery('hiv prevention, not the DOD ones')).toMatchObject({ keywords: ['hiv', 'prevention'], excludeAgencies: ['DOD'], agency: null });
    expect(parseQuery('exclude Department of Defense').excludeAgencies).toEqual(['DOD']);
    expect(parseQuery('grants for nursing homes, excluding anything from CMS')).toMatchObject({ keywords: ['nursing', 'homes'], excludeAgencies: ['CMS'] });
    expect(parseQuery('except ones by NASA').excludeAgencies).toEqual(['NASA']);
    expect(parseQuery('not anything from NIH')).toMatchObject({ keywords: [], excludeAgencies: ['NIH'], agency: null });
    expect(parseQuery('which programmes helping rural clinics have deadlines coming up?').keywords).toEqual(['rural', 'clinics']);
    expect(parseQuery(`${'a'.repeat(61)} wetlands`).keywords).toEqual(['wetlands']);
    expect(parseQuery('CFDA 93.855 grants').keywords).toEqual(['93.855', 'cfda']);
  });
});
