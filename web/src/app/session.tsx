import { useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext } from "react";
import { ApiError, apiRequest } from "../api/http.ts";

export type SessionStatus = "loading" | "signedIn" | "signedOut";

export interface OrganisationSummary {
  _id: string;
  name: string;
  startingYear: string;
}

export interface Session {
  status: SessionStatus;
  organisations: OrganisationSummary[];
}

const SessionContext = createContext<Session>({ status: "loading", organisations: [] });

export const SESSION_QUERY_KEY = ["session"] as const;

async function loadSession(): Promise<Omit<Session, "status"> | null> {
  try {
    await apiRequest("GET", "/auth/checkToken");
  } catch (error) {
    // spec/api.md §4: a failed token check at start-up means signed out.
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
  const list = await apiRequest<{ organisations: OrganisationSummary[] }>("GET", "/organisations");
  return { organisations: list.organisations };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const query = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: loadSession, retry: false });
  const value: Session = query.isPending
    ? { status: "loading", organisations: [] }
    : query.data
      ? { status: "signedIn", organisations: query.data.organisations }
      : { status: "signedOut", organisations: [] };
  return <SessionStateProvider value={value}>{children}</SessionStateProvider>;
}

/** Provides a given session; SessionProvider feeds it from the server, tests feed it directly. */
export function SessionStateProvider({ value, children }: { value: Session; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
