import { useQuery } from '@tanstack/react-query';
import { getProfile, getResearcherProfile } from '../api/profile-api';

export const profileKey = ['profile', 'me'] as const;

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => getProfile(signal) });
}

export function useResearcherProfile(id: string) {
  return useQuery({
    queryKey: ['profile', 'person', id],
    queryFn: ({ signal }) => getResearcherProfile(id, signal),
    retry: false,
  });
}
