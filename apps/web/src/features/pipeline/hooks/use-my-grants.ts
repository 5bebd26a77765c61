import { useQuery } from '@tanstack/react-query';
import { getApplications, getSavedGrants, pipelineKeys } from '../api/pipeline-api';

export function useSavedGrants() {
  return useQuery({
    queryKey: pipelineKeys.saved,
    queryFn: ({ signal }) => getSavedGrants(signal),
  });
}

export function useApplications() {
  return useQuery({
    queryKey: pipelineKeys.applications,
    queryFn: ({ signal }) => getApplications(signal),
  });
}
