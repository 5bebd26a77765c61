import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readSearchState, writeSearchState, type SearchState } from '../utils/search-state';

/**
 * The search held in the URL, and a way to change it: each change is a history
 * entry, unless `replace` (typing in "Search these results"). `profileByDefault`
 * is the viewer's default for "Match with research profile".
 */
export function useSearchState(profileByDefault: boolean) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(
    () => readSearchState(params, profileByDefault),
    [params, profileByDefault],
  );
  const update = useCallback(
    (
      next: SearchState | ((current: SearchState) => SearchState),
      options?: { replace?: boolean },
    ) => {
      setParams(
        (current) => {
          const base = readSearchState(current, profileByDefault);
          return writeSearchState(typeof next === 'function' ? next(base) : next, profileByDefault);
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams, profileByDefault],
  );
  return [state, update] as const;
}
