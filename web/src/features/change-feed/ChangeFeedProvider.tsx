import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import { apiRequest, buildApiUrl } from "../../api/http.ts";
import {
  ANY_CHANGE,
  type ChangeInterest,
  makesScreenStale,
  OwnChanges,
  parseChangeEvent,
  reconnectDelayMs,
} from "./change-feed.ts";

interface ChangeFeedValue {
  /** Another tab or person changed what is on screen (spec 2.7 banner). */
  stale: boolean;
  setInterest: (interest: ChangeInterest | null) => void;
  /** Marks entries this tab saved or deleted, so that their echo on the feed is not "another". */
  recordOwnChanges: (entityIds: readonly string[]) => void;
}

const ChangeFeedContext = createContext<ChangeFeedValue>({
  stale: false,
  setInterest: () => {},
  recordOwnChanges: () => {},
});

/** Follows the organisation's change feed (GET /changes/stream) while its pages are open. */
export function ChangeFeedProvider({
  organisationId,
  children,
}: {
  organisationId: string;
  children: ReactNode;
}) {
  const [stale, setStale] = useState(false);
  const interest = useRef<ChangeInterest>(ANY_CHANGE);
  const own = useRef(new OwnChanges());
  const { pathname } = useLocation();

  // A screen opened afresh has loaded what is current.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => setStale(false), [pathname, organisationId]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let closed = false;
    const connect = () => {
      source = new EventSource(buildApiUrl("/changes/stream", { organisationId }), {
        withCredentials: true,
      });
      source.addEventListener("open", () => {
        attempt = 0;
      });
      source.addEventListener("change", (message) => {
        const event = parseChangeEvent((message as MessageEvent<string>).data);
        if (event && makesScreenStale(event, interest.current, own.current)) setStale(true);
      });
      source.addEventListener("error", () => {
        // A refused stream (an expired session) is not retried by the browser: renew the
        // session through the one HTTP client, then open the stream again.
        if (source?.readyState !== EventSource.CLOSED || closed) return;
        attempt += 1;
        timer = setTimeout(() => {
          apiRequest("GET", "/organisations")
            .catch(() => undefined)
            .finally(() => {
              if (!closed) connect();
            });
        }, reconnectDelayMs(attempt));
      });
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [organisationId]);

  const setInterest = useCallback((next: ChangeInterest | null) => {
    interest.current = next ?? ANY_CHANGE;
  }, []);
  const recordOwnChanges = useCallback((ids: readonly string[]) => own.current.record(ids), []);
  const value = useMemo(
    () => ({ stale, setInterest, recordOwnChanges }),
    [stale, setInterest, recordOwnChanges],
  );
  return <ChangeFeedContext.Provider value={value}>{children}</ChangeFeedContext.Provider>;
}

export function useChangeFeed(): ChangeFeedValue {
  return useContext(ChangeFeedContext);
}

/** A screen says which changes make it stale, for as long as it is on display. */
export function useChangeFeedInterest(interest: ChangeInterest): void {
  const { setInterest } = useChangeFeed();
  const latest = useRef(interest);
  latest.current = interest;
  useEffect(() => {
    setInterest((event) => latest.current(event));
    return () => setInterest(null);
  }, [setInterest]);
}
