import { SESSION_MESSAGES } from "@bahi/domain";
import { describe, expect, test, vi } from "vitest";
import { ApiError, SessionEndedError } from "./errors.ts";
import { type ApiClientOptions, createApiClient } from "./http.ts";
import { TAB_HEADER, TAB_ID } from "./tab-id.ts";

// spec/api.md §8 session handling, against a fake server: fetch is a function of (url, init).

interface Call {
  method: string;
  path: string;
  credentials: RequestCredentials | undefined;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A server whose access token is expired until a refresh succeeds. */
function createFakeServer() {
  const calls: Call[] = [];
  const state = {
    fresh: false,
    /** When set, the refresh answers only once this resolves. */
    refreshGate: null as Promise<void> | null,
    refreshAnswer: () => json(200, { success: true, token: "PRESENT" }) as Response,
    logoutOk: true,
    /** Per path, a gate held before answering (to let an answer arrive late). */
    gates: new Map<string, Promise<void>>(),
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://bahi.test");
    const call: Call = {
      method: init?.method ?? "GET",
      path: url.pathname,
      credentials: init?.credentials,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body,
    };
    calls.push(call);
    init?.signal?.throwIfAborted();
    if (call.path === "/api/auth/refreshToken") {
      if (state.refreshGate) await state.refreshGate;
      const answer = state.refreshAnswer();
      if (answer.ok) state.fresh = true;
      return answer;
    }
    if (call.path === "/api/auth/logout") {
      return state.logoutOk ? json(200, { success: true }) : json(500, { message: "Down" });
    }
    // The token is read when the request arrives; the answer may be held back.
    const freshWhenSent = state.fresh;
    const gate = state.gates.get(call.path);
    if (gate) await gate;
    if (!freshWhenSent) return json(401, { message: SESSION_MESSAGES.tokenExpired });
    return json(200, { path: call.path });
  });
  return { fetch, calls, state };
}

function setUp(overrides: Partial<ApiClientOptions> = {}) {
  const server = createFakeServer();
  const onSessionEnded = vi.fn();
  const notifyError = vi.fn();
  const client = createApiClient({
    fetch: server.fetch as unknown as typeof fetch,
    currentPath: () => "/org-1/2024-25/dashboard",
    onSessionEnded,
    notifyError,
    ...overrides,
  });
  const count = (path: string) => server.calls.filter((call) => call.path === path).length;
  return { client, server, onSessionEnded, notifyError, count };
}

const REFRESH = "/api/auth/refreshToken";
const LOGOUT = "/api/auth/logout";

describe("refresh on an expired access token", () => {
  test("several calls in flight: exactly one refresh, all replayed in order, all succeed", async () => {
    const { client, server, count, onSessionEnded } = setUp();
    const gate = deferred<void>();
    server.state.refreshGate = gate.promise;

    const paths = ["/organisations", "/user/", "/settings/getorganisationsettings", "/user/list"];
    const results = paths.map((path) => client.request<{ path: string }>("GET", path));
    // Let every call come back "expired" while the one refresh is held open.
    await vi.waitFor(() => expect(count(REFRESH)).toBe(1));
    await vi.waitFor(() => expect(server.calls).toHaveLength(paths.length + 1));
    gate.resolve();

    await expect(Promise.all(results)).resolves.toEqual(
      paths.map((path) => ({ path: `/api${path}` })),
    );
    expect(count(REFRESH)).toBe(1);
    // The replays follow the refresh, in the order the calls failed.
    const afterRefresh = server.calls.slice(server.calls.findIndex((c) => c.path === REFRESH) + 1);
    expect(afterRefresh.map((call) => call.path)).toEqual(paths.map((path) => `/api${path}`));
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  test("a call failing while a refresh runs waits for it instead of starting another", async () => {
    const { client, server, count } = setUp();
    const gate = deferred<void>();
    server.state.refreshGate = gate.promise;
    const first = client.request("GET", "/a");
    await vi.waitFor(() => expect(count(REFRESH)).toBe(1));
    const late = client.request("GET", "/b");
    await vi.waitFor(() => expect(count("/api/b")).toBe(1));
    gate.resolve();
    await expect(Promise.all([first, late])).resolves.toEqual([
      { path: "/api/a" },
      { path: "/api/b" },
    ]);
    expect(count(REFRESH)).toBe(1);
  });

  test("an expired answer arriving after the refresh is replayed without refreshing again", async () => {
    const { client, server, count } = setUp();
    const slow = deferred<void>();
    server.state.gates.set("/api/slow", slow.promise);
    const slowCall = client.request("GET", "/slow");
    const quickCall = client.request("GET", "/quick");
    await expect(quickCall).resolves.toEqual({ path: "/api/quick" });
    expect(count(REFRESH)).toBe(1);
    server.state.gates.delete("/api/slow");
    slow.resolve();
    await expect(slowCall).resolves.toEqual({ path: "/api/slow" });
    expect(count(REFRESH)).toBe(1);
  });

  test("a replayed call is not refreshed a second time", async () => {
    const { client, server, count } = setUp();
    // The refresh "succeeds" but the server still says expired (a clock problem, say).
    server.state.refreshAnswer = () => {
      queueMicrotask(() => {
        server.state.fresh = false;
      });
      return json(200, { success: true });
    };
    server.state.fresh = false;
    const error = await client.request("GET", "/a").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(SESSION_MESSAGES.tokenExpired);
    expect(count(REFRESH)).toBe(1);
    expect(count("/api/a")).toBe(2);
  });

  test("cookies go with every call, the refresh and the logout included", async () => {
    const { client, server } = setUp();
    server.state.refreshAnswer = () => json(401, { message: SESSION_MESSAGES.refreshTokenExpired });
    await client.request("GET", "/a").catch(() => {});
    expect(server.calls.map((call) => call.path)).toEqual(["/api/a", REFRESH, LOGOUT]);
    expect(server.calls.every((call) => call.credentials === "include")).toBe(true);
  });
});

describe("an ended session", () => {
  test("a failed refresh logs out, goes to /signin?forceLogout=true and rejects every queued call", async () => {
    const { client, server, count, onSessionEnded, notifyError } = setUp();
    server.state.refreshAnswer = () => json(401, { message: SESSION_MESSAGES.refreshTokenInvalid });
    const outcomes = await Promise.allSettled([
      client.request("GET", "/a", { errorTitle: "Could not fetch account list." }),
      client.request("GET", "/b"),
      client.request("GET", "/c"),
    ]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(SessionEndedError);
    }
    expect(count(REFRESH)).toBe(1);
    expect(count(LOGOUT)).toBe(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).toHaveBeenCalledWith("/signin?forceLogout=true");
    // The person is leaving for the sign-in page: no error toast on the way.
    expect(notifyError).not.toHaveBeenCalled();
  });

  test("a refresh that cannot reach the server also ends the session", async () => {
    const { client, server, onSessionEnded } = setUp();
    server.state.refreshAnswer = () => {
      throw new TypeError("Failed to fetch");
    };
    await expect(client.request("GET", "/a")).rejects.toBeInstanceOf(SessionEndedError);
    expect(onSessionEnded).toHaveBeenCalledWith("/signin?forceLogout=true");
  });

  test.each([
    [SESSION_MESSAGES.noToken, true, "/signin"],
    [SESSION_MESSAGES.noToken, false, "/signin?forceLogout=true"],
    [SESSION_MESSAGES.invalidToken, true, "/signin?forceLogout=true"],
    [SESSION_MESSAGES.refreshTokenExpired, true, "/signin?forceLogout=true"],
  ])("401 %s (logout ok: %s) → logout, then %s", async (message, logoutOk, target) => {
    const { client, server, count, onSessionEnded } = setUp();
    server.state.logoutOk = logoutOk;
    server.fetch.mockImplementationOnce(async () => json(401, { message }));
    const error = await client.request("GET", "/a").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SessionEndedError);
    expect((error as SessionEndedError).signInPath).toBe(target);
    expect(count(LOGOUT)).toBe(1);
    expect(count(REFRESH)).toBe(0);
    const order = server.fetch.mock.calls.map(
      ([input]) => new URL(String(input), "http://x").pathname,
    );
    expect(order).toEqual(["/api/a", LOGOUT]);
    expect(onSessionEnded).toHaveBeenCalledExactlyOnceWith(target);
  });

  test("calls failing together log out once and redirect once", async () => {
    const { client, server, count, onSessionEnded } = setUp();
    server.fetch.mockImplementation(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), "http://bahi.test").pathname;
      server.calls.push({ method: "GET", path, credentials: "include", headers: {}, body: null });
      if (path === LOGOUT) return json(200, { success: true });
      return json(401, { message: SESSION_MESSAGES.invalidToken });
    });
    await Promise.allSettled([
      client.request("GET", "/a"),
      client.request("GET", "/b"),
      client.request("GET", "/c"),
    ]);
    expect(count(LOGOUT)).toBe(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  test.each(["/signin", "/verify/signup/otp/u1/a@b.in", "/add-organisation"])(
    "on the public auth page %s nothing logs out or redirects",
    async (path) => {
      const { client, server, count, onSessionEnded } = setUp({ currentPath: () => path });
      server.fetch.mockImplementationOnce(async () =>
        json(401, { message: SESSION_MESSAGES.noToken }),
      );
      const error = await client
        .request("GET", "/auth/checkToken")
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).not.toBeInstanceOf(SessionEndedError);
      expect(count(LOGOUT)).toBe(0);
      expect(onSessionEnded).not.toHaveBeenCalled();
    },
  );

  test("a call that asks to be rejected still refreshes, but an ended session is only returned", async () => {
    const { client, server, count, onSessionEnded } = setUp();
    await expect(
      client.request("GET", "/auth/checkToken", { onSessionFailure: "reject" }),
    ).resolves.toEqual({ path: "/api/auth/checkToken" });
    expect(count(REFRESH)).toBe(1);
    server.fetch.mockImplementationOnce(async () =>
      json(401, { message: SESSION_MESSAGES.noToken }),
    );
    const error = await client
      .request("GET", "/auth/checkToken", { onSessionFailure: "reject" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(SessionEndedError);
    expect(count(LOGOUT)).toBe(0);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  test("one failed refresh: each waiting call ends as it asked", async () => {
    const { client, server, count, onSessionEnded } = setUp();
    server.state.refreshAnswer = () => json(401, { message: SESSION_MESSAGES.refreshTokenExpired });
    const [quiet, loud] = await Promise.allSettled([
      client.request("GET", "/auth/checkToken", { onSessionFailure: "reject" }),
      client.request("GET", "/organisations"),
    ]);
    expect((quiet as PromiseRejectedResult).reason).not.toBeInstanceOf(SessionEndedError);
    expect((quiet as PromiseRejectedResult).reason).toMatchObject({
      message: SESSION_MESSAGES.refreshTokenExpired,
    });
    expect((loud as PromiseRejectedResult).reason).toBeInstanceOf(SessionEndedError);
    expect(count(REFRESH)).toBe(1);
    expect(count(LOGOUT)).toBe(1);
    expect(onSessionEnded).toHaveBeenCalledExactlyOnceWith("/signin?forceLogout=true");
  });

  test("a failed refresh on a public auth page rejects the queued calls without redirecting", async () => {
    const { client, server, count, onSessionEnded } = setUp({ currentPath: () => "/signin" });
    server.state.refreshAnswer = () => json(401, { message: SESSION_MESSAGES.refreshTokenExpired });
    const error = await client
      .request("GET", "/auth/checkToken")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(SESSION_MESSAGES.refreshTokenExpired);
    expect(count(LOGOUT)).toBe(0);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  test("other failures, 401 ones included, are the caller's to handle", async () => {
    const { client, server, count, onSessionEnded } = setUp();
    server.fetch.mockImplementationOnce(async () =>
      json(401, { message: "Incorrect email or password." }),
    );
    server.fetch.mockImplementationOnce(async () => json(403, { message: "No access." }));
    await expect(client.request("POST", "/auth/login")).rejects.toMatchObject({ status: 401 });
    await expect(client.request("GET", "/user/list")).rejects.toMatchObject({ status: 403 });
    expect(count(REFRESH) + count(LOGOUT)).toBe(0);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  test("logout() shares one request between callers and reports success", async () => {
    const { client, count } = setUp();
    const [first, second] = await Promise.all([client.logout(), client.logout()]);
    expect([first, second]).toEqual([true, true]);
    expect(count(LOGOUT)).toBe(1);
  });
});

describe("error toasts", () => {
  test("carry the caller's title and the server's message", async () => {
    const { client, server, notifyError } = setUp();
    server.fetch.mockImplementationOnce(async () =>
      json(500, { message: "The database is not reachable." }),
    );
    await client
      .request("GET", "/organisations", { errorTitle: "Could not fetch Organisations" })
      .catch(() => {});
    expect(notifyError).toHaveBeenCalledExactlyOnceWith(
      "Could not fetch Organisations",
      "The database is not reachable.",
    );
  });

  test("fall back to the error's own message, then to the generic one", async () => {
    const { client, server, notifyError } = setUp();
    server.fetch.mockImplementationOnce(async () => {
      throw new TypeError("Failed to fetch");
    });
    server.fetch.mockImplementationOnce(async () => new Response("", { status: 502 }));
    await client.request("GET", "/a", { errorTitle: "Error" }).catch(() => {});
    await client.request("GET", "/b", { errorTitle: "Error" }).catch(() => {});
    expect(notifyError.mock.calls).toEqual([
      ["Error", "Failed to fetch"],
      ["Error", "Something went wrong."],
    ]);
  });

  test("a cancelled call is ignored", async () => {
    const { client, notifyError } = setUp();
    const controller = new AbortController();
    controller.abort();
    const error = await client
      .request("GET", "/salesinvoice/list", { signal: controller.signal, errorTitle: "Error" })
      .catch((caught: unknown) => caught);
    expect((error as Error).name).toBe("AbortError");
    expect(notifyError).not.toHaveBeenCalled();
  });

  test("no title, no toast", async () => {
    const { client, server, notifyError } = setUp();
    server.fetch.mockImplementationOnce(async () => json(400, { message: "Bad." }));
    await client.request("GET", "/a").catch(() => {});
    expect(notifyError).not.toHaveBeenCalled();
  });
});

describe("bodies", () => {
  test("JSON bodies are typed; forms go as they are for the browser to set the boundary", async () => {
    const { client, server } = setUp();
    server.state.fresh = true;
    const form = new FormData();
    form.append("organisationId", "org-1");
    await client.request("POST", "/x", { body: { a: 1 } });
    await client.request("POST", "/settings/organisation", { body: form });
    const [jsonCall, formCall] = server.calls;
    expect(jsonCall?.headers).toEqual({
      "content-type": "application/json",
      [TAB_HEADER]: TAB_ID,
    });
    expect(jsonCall?.body).toBe('{"a":1}');
    expect(formCall?.headers).toEqual({ [TAB_HEADER]: TAB_ID });
    expect(formCall?.body).toBe(form);
  });

  test("a form is sent again, whole, when replayed after a refresh", async () => {
    const { client, server } = setUp();
    const form = new FormData();
    form.append("qrText", "upi://pay");
    await client.request("POST", "/settings/organisation", { body: form });
    const sent = server.calls.filter((call) => call.path === "/api/settings/organisation");
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toBe(form);
  });
});
