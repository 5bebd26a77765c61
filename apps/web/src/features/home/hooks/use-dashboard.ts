// The stat view's data, and which view the home shows: the one chosen here
// (at once) or else the one remembered on the server. The choice is saved
// per user; if saving fails the switch is undone and said so.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { HomeView } from '@grantbridge/contract/home';
import { localIsoDay } from '../../../lib/local-day';
import { getDashboard, homeKeys, saveHomeView, type Dashboard } from '../api/home-api';

export function useDashboard() {
  const today = localIsoDay();
  return useQuery({
    queryKey: homeKeys.dashboard(today),
    queryFn: ({ signal }) => getDashboard(today, signal),
    // The figures change on other pages (a bookmark, a new application): fresh each time they show.
    staleTime: 0,
  });
}

/** The view to show (undefined until known) and the switch. */
export function useHomeView(): { view: HomeView | undefined; setView: (view: HomeView) => void } {
  const queryClient = useQueryClient();
  const dashboard = useDashboard();
  const [chosen, setChosen] = useState<HomeView | null>(null);
  const save = useMutation({
    mutationFn: saveHomeView,
    onSuccess: (view) => {
      queryClient.setQueriesData<Dashboard>({ queryKey: homeKeys.all }, (data) =>
        data ? { ...data, view } : data,
      );
    },
  });
  const view = chosen ?? dashboard.data?.view ?? (dashboard.isError ? 'feed' : undefined);
  const setView = (next: HomeView) => {
    if (next === view) return;
    const previous = view ?? 'feed';
    setChosen(next);
    save.mutate(next, {
      onError: () => {
        setChosen(previous);
        toast.error('We couldn’t remember your choice of view. Please try again.');
      },
    });
  };
  return { view, setView };
}
