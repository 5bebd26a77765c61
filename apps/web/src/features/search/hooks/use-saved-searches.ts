import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  createSavedSearch,
  deleteSavedSearch,
  getSavedSearches,
  renameSavedSearch,
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
    mutationFn: ({ id, name }: { id: string; name: string }) => renameSavedSearch(id, name),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: searchKeys.saved });
      toast.success('Saved search renamed');
    },
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
