// AI grant search (both roles): the assistant on the left, results on the
// right. The URL holds the search; the assistant's answers write into it.
import { useEffect, useMemo, useRef } from 'react';
import type { User } from '@grantbridge/contract/auth';
import { useAssistantChat } from '../hooks/use-assistant-chat';
import { useGrantSearch } from '../hooks/use-grant-search';
import { useResearcherOptions } from '../hooks/use-researcher-options';
import { useSearchState } from '../hooks/use-search-state';
import {
  assistantContext,
  matchProfileByDefault,
  ownSearch,
  sameSearch,
  stateFromFilters,
  withoutCriteria,
} from '../utils/search-state';
import { ChatPanel } from './chat-panel';
import { ResultsPanel } from './results-panel';

type SearchPageProps = { user: User; grantPath: (id: string) => string };

const resultsHeadingId = 'results-title';

export function SearchPage({ user, grantPath }: SearchPageProps) {
  const profileByDefault = matchProfileByDefault(user.role);
  const [urlState, update] = useSearchState(profileByDefault);
  // A researcher searches only for themselves: another researcher's id in a shared link is dropped.
  const state = useMemo(() => ownSearch(urlState, user), [urlState, user]);
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);
  const results = useGrantSearch(state);
  const researchers = useResearcherOptions(user);
  const foundNothing = !results.isPlaceholderData && results.data?.total === 0;
  const chat = useAssistantChat({
    matchProfile: state.matchProfile,
    researcherId: state.researcherId,
    sort: state.sort,
    // A follow-up refines the search on screen; after an answer that found nothing, the last reading
    // that found something (what the answer offers), unless the search on screen changed since.
    context: (instead) =>
      foundNothing && instead && sameSearch(stateFromFilters(instead.shown, state), state)
        ? instead.context
        : assistantContext(state),
    onAnswer: (response) => {
      // The answer may come after a change of sort, toggle or picker: keep those, unless the message asked
      // for an order ("the biggest first"), which the answer's results follow.
      const current = latest.current;
      update(stateFromFilters(response.filters, response.sort ? { ...current, sort: response.sort } : current));
    },
    onRestore: (filters) => update(stateFromFilters(filters, latest.current)),
    onReset: () => update({ ...withoutCriteria(latest.current), sort: 'match' }),
  });

  return (
    <div className="grid gap-4 lg:h-[calc(100vh-96px)] lg:grid-cols-12 lg:gap-6">
      <div className="min-h-0 lg:col-span-5">
        <ChatPanel
          messages={chat.messages}
          thinking={chat.thinking}
          onSend={chat.send}
          onNewSearch={chat.reset}
          onUndo={chat.undo}
          onSuggestion={chat.applySuggestion}
          matchProfile={state.matchProfile}
          onMatchProfileChange={(matchProfile) => update((s) => ({ ...s, matchProfile, page: 1 }))}
          researcherId={state.researcherId}
          // Choosing a researcher ranks by their profile; "Not Selected" leaves no profile to match.
          onResearcherChange={(researcherId) =>
            update((s) => ({ ...s, researcherId, matchProfile: researcherId !== null, page: 1 }))
          }
          showResearcherPicker={user.role === 'admin'}
          researchers={researchers.options}
          researchersLoading={researchers.isLoading}
          resultsHeadingId={resultsHeadingId}
        />
      </div>
      <div className="min-h-0 lg:col-span-7">
        <ResultsPanel
          state={state}
          update={update}
          results={results}
          grantPath={grantPath}
          headingId={resultsHeadingId}
          profileByDefault={profileByDefault}
        />
      </div>
    </div>
  );
}
