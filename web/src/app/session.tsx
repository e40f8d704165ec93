import { type QueryClient, useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from "react";
import { SessionEndedError } from "../api/errors.ts";
import { api } from "../api/http.ts";
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
 * spec/api.md §4: a successful token check at start-up marks the person authenticated; a failed
 * one logs out and resets the user state. Once per page load, whatever React re-runs.
 */
const startupChecks = new WeakMap<AuthStore, Promise<void>>();

export function checkTokenAtStartup(store: AuthStore): Promise<void> {
  const running = startupChecks.get(store);
  if (running) return running;
  const check = api
    .request<{ token?: unknown }>("GET", "/auth/checkToken")
    .then((answer) => markSignedIn(store, answer))
    .catch(async (error: unknown) => {
      // An ended session was already logged out and sent to the sign-in page by the client.
      if (error instanceof SessionEndedError) return;
      await api.logout();
      store.dispatch({ type: "logout" });
    });
  startupChecks.set(store, check);
  return check;
}

/** Forgets the person: auth flag, organisations and every cached answer (spec 4, logout). */
export function resetClientSession(queryClient: QueryClient, signInPath = "/signin"): void {
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
