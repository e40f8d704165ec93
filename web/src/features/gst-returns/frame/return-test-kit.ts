import { vi } from "vitest";
import type { Session } from "../../../app/session.tsx";
import { makeOrganisation } from "../../../test/fixtures.ts";
import { jsonResponse } from "../../../test/render.tsx";

// For the return screens' component tests: an organisation open in 2024-25, and a fetch stub
// that records every call to the API and answers from the test.

export const RETURN_SESSION: Session = {
  status: "signedIn",
  organisations: [makeOrganisation({ _id: "org-1", name: "Gupta Traders" })],
};

/** The route the screens live under, and the address of one in September 2024. */
export const returnRoute = (page: string) => ({
  path: `/:organisationId/:year/returns/${page}`,
  at: `/org-1/2024-25/returns/${page}?period=Sep%202024`,
  session: RETURN_SESSION,
});

export const SEPTEMBER_2024 = {
  organisationId: "org-1",
  year: "2024-25",
  startDate: "2024-09-01",
  endDate: "2024-09-30",
};

export interface ApiCall {
  method: string;
  /** The path after /api. */
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** An answer that never comes: the screen stays loading. */
export const pending = () => new Promise<Response>(() => {});

export { jsonResponse };

/**
 * Stubs fetch: each call is recorded, then answered by `answer` (a path it does not know is a
 * 404). Restore with `vi.unstubAllGlobals()`.
 */
export function stubApi(
  answer: (call: ApiCall) => Response | Promise<Response> | undefined,
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://bahi.test");
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : (init?.body ?? null);
      const call: ApiCall = {
        method: init?.method ?? "GET",
        path: url.pathname.replace(/^\/api/, ""),
        query: Object.fromEntries(url.searchParams),
        body,
      };
      calls.push(call);
      return (await answer(call)) ?? jsonResponse(404, { message: "Not here." });
    }),
  );
  return calls;
}
