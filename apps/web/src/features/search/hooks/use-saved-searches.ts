import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { SavedSearch } from '@grantbridge/contract/grants';
import type { EmailCadence } from '@grantbridge/contract/notifications';
import { cadenceLabels } from '../utils/alert-cadence';
import {
  createSavedSearch,
  deleteSavedSearch,
  getSavedSearches,
  updateSavedSearch,
  searchKeys,
} from '../api/search-api';

export function useSavedSearches() {
  return useQuery({
    queryKey: searchKeys.saved,
    queryFn: ({ signal }) => getSavedSearches(signal),
  });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: searchKeys.saved });
      toast.success(`Search saved as “${saved.name}”`);
    },
  });
}

export function useRenameSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => updateSavedSearch(id, { name }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: searchKeys.saved });
      toast.success('Saved search renamed');
    },
  });
}

/**
 * How often the person hears about new matches of a saved search. The menu
 * shows the choice at once (the select stays usable, so keyboard focus stays
 * on it while arrowing through the options); changes go to the server one
 * after another, and a refused one puts the list back as the server has it.
 */
const alertsKey = ['search', 'saved-search-alerts'];

export function useSetSavedSearchAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: alertsKey,
    scope: { id: 'saved-search-alerts' },
    mutationFn: ({ id, alertCadence }: { id: string; alertCadence: EmailCadence }) => updateSavedSearch(id, { alertCadence }),
    onMutate: async ({ id, alertCadence }) => {
      await queryClient.cancelQueries({ queryKey: searchKeys.saved });
      queryClient.setQueryData<SavedSearch[]>(searchKeys.saved, (list) =>
        list?.map((search) => (search.id === id ? { ...search, alertCadence } : search)),
      );
    },
    onSuccess: (saved) => {
      toast.success(saved.alertCadence === 'off' ? `Alerts off for “${saved.name}”` : `Alerts for “${saved.name}”: ${cadenceLabels[saved.alertCadence].toLowerCase()}`);
    },
    onError: () => {
      toast.error('We couldn’t change the alerts. Please try again.');
    },
    // Only after the last of several quick changes: an earlier answer would show an older choice.
    onSettled: () =>
      queryClient.isMutating({ mutationKey: alertsKey }) === 1
        ? queryClient.invalidateQueries({ queryKey: searchKeys.saved })
        : undefined,
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSavedSearch(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: searchKeys.saved });
      toast.success('Saved search deleted');
    },
    onError: () => {
      toast.error('We couldn’t delete that search. Please try again.');
    },
  });
}
