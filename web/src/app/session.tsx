import { classifySessionFailure } from "@bahi/domain";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from "react";
import { ApiError } from "../api/errors.ts";
import { api, FORCED_SIGN_IN_PATH, SIGN_IN_PATH } from "../api/http.ts";
import {
  fetchOrganisations,
  ORGANISATIONS_QUERY_KEY,
  type OrganisationSummary,
} from "../features/organisations/organisations.api.ts";
import { type AuthStore, authStore, markSignedIn } from "./session-store.ts";

export type { OrganisationSummary } from "../features/organisations/organisations.api.ts";

export type SessionStatus = "loading" | "signedIn" | "signedOut";

export interface Session {
  status: SessionStatus;
  organisations: OrganisationSummary[];
  /** Where guards send a signed-out person (spec/api.md §8: /signin or /signin?forceLogout=true). */
  signInPath?: string;
}

const SessionContext = createContext<Session>({ status: "loading", organisations: [] });

/**
 * spec/api.md §4: a successful token check at start-up marks the person authenticated (an expired
 * access token is refreshed on the way); a failed one logs out and resets the user state. The
 * guards then send the person to /signin, or to /signin?forceLogout=true when the session was
 * invalid or could not be refreshed, or when the logout failed (§8). A page that needs no session
 * (a link from a mail, the not-found page) stays. Once per page load, whatever React re-runs.
 */
const startupChecks = new WeakMap<AuthStore, Promise<void>>();

export function checkTokenAtStartup(store: AuthStore): Promise<void> {
  const running = startupChecks.get(store);
  if (running) return running;
  const check = api
    .request<{ token?: unknown }>("GET", "/auth/checkToken", { onSessionFailure: "reject" })
    .then((answer) => markSignedIn(store, answer))
    .catch(async (error: unknown) => {
      const loggedOut = await api.logout();
      store.dispatch({ type: "logout", signInPath: signInPathAfter(error, loggedOut) });
    });
  startupChecks.set(store, check);
  return check;
}

function signInPathAfter(error: unknown, loggedOut: boolean): string {
  const failure = error instanceof ApiError ? classifySessionFailure(error.message) : null;
  const forced = !loggedOut || failure === "invalidToken" || failure === "refreshFailed";
  return forced ? FORCED_SIGN_IN_PATH : SIGN_IN_PATH;
}

/** Forgets the person: auth flag, organisations and every cached answer (spec 4, logout). */
export function resetClientSession(queryClient: QueryClient, signInPath = SIGN_IN_PATH): void {
  authStore.dispatch({ type: "logout", signInPath });
  queryClient.clear();
}

export function useAuthState(store: AuthStore = authStore) {
  return useSyncExternalStore(store.subscribe, store.getState);
}

export function SessionProvider({
  children,
  store = authStore,
}: {
  children: ReactNode;
  store?: AuthStore;
}) {
  const auth = useAuthState(store);
  useEffect(() => {
    void checkTokenAtStartup(store);
  }, [store]);
  const organisations = useQuery({
    queryKey: ORGANISATIONS_QUERY_KEY,
    queryFn: fetchOrganisations,
    enabled: auth.isAuthenticated,
    retry: false,
  });
  const status: SessionStatus = !auth.checked
    ? "loading"
    : !auth.isAuthenticated
      ? "signedOut"
      : organisations.isPending
        ? "loading"
        : "signedIn";
  const value: Session = {
    status,
    organisations: auth.isAuthenticated ? (organisations.data ?? []) : [],
    signInPath: auth.signInPath,
  };
  return <SessionStateProvider value={value}>{children}</SessionStateProvider>;
}

/** Provides a given session; SessionProvider feeds it from the server, tests feed it directly. */
export function SessionStateProvider({ value, children }: { value: Session; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
