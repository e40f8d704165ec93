import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * A function whose identity never changes but which always runs the latest `fn`, so that memoised
 * parts of the list (toolbar, rows, pagination) are not drawn again for a new closure.
 */
export function useStableCallback<A extends unknown[], R>(
  fn: (...args: A) => R,
): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
