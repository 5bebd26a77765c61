// The search in the URL: follow-up groups survive a round trip and reach the
// search API, and the assistant refines what is shown.
import { describe, expect, it } from 'vitest';
import { emptySearchFilters, type SearchFilters } from '@grantbridge/contract/assistant';
import {
  assistantContext,
  matchProfileByDefault,
  readSearchState,
  sameSearch,
  stateFromFilters,
  stateFromSaved,
  toApiQuery,
  writeSearchState,
} from './search-state';

const filters = (over: Partial<SearchFilters>): SearchFilters => ({
  ...emptySearchFilters(true),
  ...over,
});

describe('the search in the URL', () => {
  it('keeps each follow-up as a group, and drops groups without a first one', () => {
    const state = readSearchState(
      new URLSearchParams('q=climate&refine=ocean,pacific islands&sort=amount-desc'),
    );
    expect(state.q).toBe('climate');
    expect(state.refine).toEqual(['ocean', 'pacific islands']);
    expect(writeSearchState(state).toString()).toBe(
      'q=climate&refine=ocean%2Cpacific+islands&sort=amount-desc',
    );
    expect(readSearchState(new URLSearchParams('refine=ocean')).refine).toEqual([]);
  });

  it('keeps the statuses searched; the default (open and forecasted) and nonsense leave the URL short', () => {
    const state = readSearchState(new URLSearchParams('q=salmon&status=archived,closed,bogus'));
    expect(state.statuses).toEqual(['closed', 'archived']);
    expect(writeSearchState(state).toString()).toBe('q=salmon&status=closed%2Carchived');
    expect(toApiQuery(state).status).toBe('closed,archived');
    expect(readSearchState(new URLSearchParams('status=posted,forecasted')).statuses).toBeNull();
    expect(readSearchState(new URLSearchParams('status=nope')).statuses).toBeNull();
    const fromAssistant = stateFromFilters(
      filters({ keywords: ['hiv'], keywordGroups: [['hiv']], statuses: ['posted'] }),
      state,
    );
    expect(writeSearchState(fromAssistant).toString()).toBe('q=hiv&status=posted');
    expect(assistantContext(fromAssistant)?.statuses).toEqual(['posted']);
    expect(
      assistantContext(readSearchState(new URLSearchParams('q=hiv')))?.statuses,
    ).toEqual(['forecasted', 'posted']);
  });

  it('keeps "no fixed deadline" through the URL, the API and the assistant; closing dates win over it', () => {
    const state = readSearchState(new URLSearchParams('q=museums&noDeadline=true'));
    expect(state.noDeadline).toBe(true);
    expect(writeSearchState(state).toString()).toBe('q=museums&noDeadline=true');
    expect(toApiQuery(state).noDeadline).toBe('true');
    expect(assistantContext(state)?.noDeadline).toBe(true);
    expect(toApiQuery(readSearchState(new URLSearchParams('q=museums'))).noDeadline).toBeUndefined();
    expect(readSearchState(new URLSearchParams('q=museums&noDeadline=true&dueTo=2027-03-31')).noDeadline).toBe(false);
    const fromAssistant = stateFromFilters(filters({ keywords: ['museums'], keywordGroups: [['museums']], noDeadline: true }), state);
    expect(writeSearchState(fromAssistant).toString()).toBe('q=museums&noDeadline=true');
  });

  it('keeps "no cost sharing" through the URL, the API and the assistant', () => {
    const state = readSearchState(new URLSearchParams('q=watersheds&noCostShare=true'));
    expect(state.noCostShare).toBe(true);
    expect(writeSearchState(state).toString()).toBe('q=watersheds&noCostShare=true');
    expect(toApiQuery(state).noCostShare).toBe('true');
    expect(assistantContext(state)?.noCostShare).toBe(true);
    expect(toApiQuery(readSearchState(new URLSearchParams('q=watersheds'))).noCostShare).toBeUndefined();
    const fromAssistant = stateFromFilters(filters({ keywords: ['watersheds'], keywordGroups: [['watersheds']], noCostShare: true }), state);
    expect(writeSearchState(fromAssistant).toString()).toBe('q=watersheds&noCostShare=true');
  });

  it('asks the search API for the follow-up groups too', () => {
    const state = readSearchState(
      new URLSearchParams('q=climate&refine=ocean,pacific islands&page=2'),
    );
    expect(toApiQuery(state)).toMatchObject({
      q: 'climate',
      refine: 'ocean,pacific islands',
      page: 2,
    });
    expect(toApiQuery(readSearchState(new URLSearchParams('q=climate'))).refine).toBeUndefined();
  });

  it('writes what the assistant understood, group by group, keeping the sort', () => {
    const current = readSearchState(new URLSearchParams('sort=due-date-asc'));
    const next = stateFromFilters(
      filters({
        keywords: ['climate', 'ocean'],
        keywordGroups: [['climate'], ['ocean']],
        amountMin: 500_000,
      }),
      current,
    );
    expect(writeSearchState(next).toString()).toBe(
      'q=climate&refine=ocean&amountMin=500000&sort=due-date-asc',
    );
  });

  it('matches with the profile by default for a researcher, not for an administrator (issue 30)', () => {
    const blank = new URLSearchParams('');
    expect(matchProfileByDefault('researcher')).toBe(true);
    expect(matchProfileByDefault('admin')).toBe(false);
    expect(readSearchState(blank, matchProfileByDefault('researcher')).matchProfile).toBe(true);
    expect(readSearchState(blank, matchProfileByDefault('admin')).matchProfile).toBe(false);
    expect(toApiQuery(readSearchState(blank, false)).matchProfile).toBe('false');
    // The URL names the toggle only when it differs from the viewer's default.
    const on = readSearchState(new URLSearchParams('matchProfile=true'), false);
    expect(on.matchProfile).toBe(true);
    expect(writeSearchState(on, false).toString()).toBe('matchProfile=true');
    expect(writeSearchState({ ...on, matchProfile: false }, false).toString()).toBe('');
    expect(writeSearchState({ ...on, matchProfile: false }, true).toString()).toBe(
      'matchProfile=false',
    );
    expect(stateFromSaved('', {}, false).matchProfile).toBe(false);
    expect(stateFromSaved('', { matchProfile: 'true' }, false).matchProfile).toBe(true);
  });

  it('loads a saved search with its groups', () => {
    const saved = stateFromSaved('climate', { refine: 'ocean', sort: 'amount-asc', page: '3' });
    expect(saved).toMatchObject({ q: 'climate', refine: ['ocean'], sort: 'amount-asc', page: 1 });
  });
});

describe('the assistant’s context', () => {
  const shown = readSearchState(new URLSearchParams('q=climate change&refine=ocean&agency=NOAA'));

  it('is the search on screen, filters included', () => {
    expect(assistantContext(shown)).toEqual(
      filters({
        keywords: ['climate', 'change', 'ocean'],
        keywordGroups: [['climate', 'change'], ['ocean']],
        agency: 'NOAA',
      }),
    );
  });

  it('keeps every word of a search that found nothing: the page passes the last reading that found something instead', () => {
    expect(assistantContext(shown)?.keywordGroups).toEqual([['climate', 'change'], ['ocean']]);
  });

  it('tells the same search on another page from another search', () => {
    expect(sameSearch(shown, { ...shown, page: 3 })).toBe(true);
    expect(sameSearch(shown, { ...shown, amountMin: 1000 })).toBe(false);
  });

  it('is empty when there is nothing to refine', () => {
    expect(assistantContext(readSearchState(new URLSearchParams('')))).toBeNull();
  });
});
