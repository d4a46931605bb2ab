import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './client.js';

export interface Loaded<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
  /** Replaces the data with what a change answered, without asking again. */
  set: (data: T) => void;
}

const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError(0, 'internal', String(error));

/** Loads from the API when `deps` change; a late answer to an older request is dropped. */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({
    loading: true,
  });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `deps` say when to load again
  const run = useCallback(load, deps);
  const shown = useRef<typeof run | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `round` is a reload asked for
  useEffect(() => {
    let current = true;
    // A reload keeps showing what it replaces; other `deps` (another chat) show nothing old.
    const reloading = shown.current === run;
    shown.current = run;
    setState((was) => (reloading ? { ...was, loading: true } : { loading: true }));
    run().then(
      (data) => current && setState({ data, loading: false }),
      // What was loaded before stays shown beside the error (a list while the server is away).
      (error: unknown) =>
        current &&
        setState((was) => ({ data: was.data, error: asApiError(error), loading: false })),
    );
    return () => {
      current = false;
    };
  }, [run, round]);
  return {
    data: state.data,
    error: state.error,
    loading: state.loading,
    reload: () => setRound((was) => was + 1),
    set: (data) => setState({ data, loading: false }),
  };
}
