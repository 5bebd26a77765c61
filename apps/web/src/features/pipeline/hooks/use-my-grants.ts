import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMyTasks, getTeamInvitations, taskKeys, teamKeys } from '../api/applications-api';
import { getApplications, getSavedGrants, pipelineKeys } from '../api/pipeline-api';

/** The lists My Grants shows, as queries (app/route-data.ts asks for them while the page's code loads). */
export const myGrantsQueries = {
  applications: queryOptions({
    queryKey: pipelineKeys.applications,
    queryFn: ({ signal }) => getApplications(signal),
  }),
  saved: queryOptions({
    queryKey: pipelineKeys.saved,
    queryFn: ({ signal }) => getSavedGrants(signal),
  }),
  invitations: queryOptions({
    queryKey: teamKeys.invitations,
    queryFn: ({ signal }) => getTeamInvitations(signal),
  }),
  tasks: queryOptions({ queryKey: taskKeys.mine, queryFn: ({ signal }) => getMyTasks(signal) }),
};

export function useSavedGrants() {
  return useQuery(myGrantsQueries.saved);
}

export function useApplications() {
  return useQuery(myGrantsQueries.applications);
}

export function useTeamInvitations() {
  return useQuery(myGrantsQueries.invitations);
}

export function useMyTasks() {
  return useQuery(myGrantsQueries.tasks);
}

/**
 * Whether the lists that give My Grants its shape (applications, saved
 * grants, team invitations, tasks) are all in, loaded or failed: the page
 * waits for them together, so sections do not push each other down as each
 * arrives (layout shift 0.235 when they came one by one).
 */
export function useMyGrantsSettled() {
  const queries = [useApplications(), useSavedGrants(), useTeamInvitations(), useMyTasks()];
  return queries.every((q) => !q.isPending);
}
