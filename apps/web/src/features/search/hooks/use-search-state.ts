import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readSearchState, writeSearchState, type SearchState } from '../utils/search-state';

/**
 * The search held in the URL, and a way to change it: each change is a history
 * entry, unless `replace` (typing in "Search these results").
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearchState(params), [params]);
  const update = useCallback(
    (
      next: SearchState | ((current: SearchState) => SearchState),
      options?: { replace?: boolean },
    ) => {
      setParams(
        (current) => {
          const base = readSearchState(current);
          return writeSearchState(typeof next === 'function' ? next(base) : next);
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams],
  );
  return [state, update] as const;
}
