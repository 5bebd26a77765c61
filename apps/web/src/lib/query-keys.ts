// Query keys shared across features, so one feature can reset what another reads.
export const queryKeys = {
  me: ['auth', 'me'] as const,
  publicStats: ['public-stats'] as const,
  institutions: (q: string) => ['institutions', q] as const,
  /** Researchers matching a name, for the shared researcher picker (team and reviewer invitations). */
  researchers: (q: string) => ['people', 'by-name', q] as const,
  /** One grant's page: read by grants, updated by pipeline (bookmark, application). */
  grant: (id: string) => ['grants', 'detail', id] as const,
};
