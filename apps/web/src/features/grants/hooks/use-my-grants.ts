import { useQuery } from '@tanstack/react-query';
import { getApplications, getSavedGrants, grantKeys } from '../api/grants-api';

export function useSavedGrants() {
  return useQuery({
    queryKey: grantKeys.saved,
    queryFn: ({ signal }) => getSavedGrants(signal),
  });
}

export function useApplications() {
  return useQuery({
    queryKey: grantKeys.applications,
    queryFn: ({ signal }) => getApplications(signal),
  });
}
