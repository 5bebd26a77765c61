// AI grant search (both roles): the assistant on the left, results on the
// right. The URL holds the search; the assistant's answers write into it.
import type { User } from '@grantbridge/contract/auth';
import { useAssistantChat } from '../hooks/use-assistant-chat';
import { useGrantSearch } from '../hooks/use-grant-search';
import { useResearcherOptions } from '../hooks/use-researcher-options';
import { useSearchState } from '../hooks/use-search-state';
import { stateFromFilters } from '../utils/search-state';
import { ChatPanel } from './chat-panel';
import { ResultsPanel } from './results-panel';

type SearchPageProps = { user: User; grantPath: (id: string) => string };

export function SearchPage({ user, grantPath }: SearchPageProps) {
  const [state, update] = useSearchState();
  const results = useGrantSearch(state);
  const researchers = useResearcherOptions(user);
  const chat = useAssistantChat({
    matchProfile: state.matchProfile,
    researcherId: state.researcherId,
    onAnswer: (response) => update((current) => stateFromFilters(response.filters, current)),
    onReset: () =>
      update((current) => ({
        ...current,
        q: '',
        amountMin: null,
        amountMax: null,
        dueFrom: null,
        dueTo: null,
        agency: null,
        sort: 'match',
        page: 1,
      })),
  });

  return (
    <div className="grid gap-4 lg:h-[calc(100vh-96px)] lg:grid-cols-12 lg:gap-6">
      <div className="min-h-0 lg:col-span-5">
        <ChatPanel
          messages={chat.messages}
          thinking={chat.thinking}
          onSend={chat.send}
          onNewSearch={chat.reset}
          matchProfile={state.matchProfile}
          onMatchProfileChange={(matchProfile) => update((s) => ({ ...s, matchProfile, page: 1 }))}
          researcherId={state.researcherId}
          onResearcherChange={(researcherId) => update((s) => ({ ...s, researcherId, page: 1 }))}
          researchers={researchers.options}
          researchersLoading={researchers.isLoading}
        />
      </div>
      <div className="min-h-0 lg:col-span-7">
        <ResultsPanel state={state} update={update} results={results} grantPath={grantPath} />
      </div>
    </div>
  );
}
