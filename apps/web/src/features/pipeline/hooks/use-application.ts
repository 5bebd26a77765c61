// One application and its history, and changing it (a step, amounts, the internal deadline).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateApplicationRequest } from '@grantbridge/contract/pipeline';
import { applicationKeys, getApplication, getApplicationEvents, updateApplication } from '../api/applications-api';
import { pipelineKeys } from '../api/pipeline-api';

export function useApplication(id: string) {
  return useQuery({ queryKey: applicationKeys.detail(id), queryFn: ({ signal }) => getApplication(id, signal) });
}

export function useApplicationEvents(id: string) {
  return useQuery({ queryKey: applicationKeys.events(id), queryFn: ({ signal }) => getApplicationEvents(id, signal) });
}

export function useUpdateApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateApplicationRequest) => updateApplication(id, body),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(id), application);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.events(id) });
      void queryClient.invalidateQueries({ queryKey: ['applications', 'institution'] });
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.applications });
    },
  });
}
