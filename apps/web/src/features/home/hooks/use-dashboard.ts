// The stat view's data, and which view the home shows: the one chosen here
// (at once) or else the one remembered on the server. The choice is saved
// per user; if saving fails the switch is undone and said so.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { HomeView } from '@grantbridge/contract/home';
import { localIsoDay } from '../../../lib/local-day';
import { dashboardQuery, homeKeys, saveHomeView, type Dashboard } from '../api/home-api';

export function useDashboard() {
  return useQuery(dashboardQuery(localIsoDay()));
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
