import { SESSION_MESSAGES } from "@bahi/domain";
import { afterEach, describe, expect, test, vi } from "vitest";
import { jsonResponse } from "../test/render.tsx";
import { checkTokenAtStartup } from "./session.tsx";
import { createAuthStore } from "./session-store.ts";

afterEach(() => vi.unstubAllGlobals());

/** A server answering checkToken as given, and logout with `logoutStatus`. */
function stubServer(checkToken: () => Response, logoutStatus = 200) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    if (path === "/api/auth/checkToken") return checkToken();
    if (path === "/api/auth/logout") return jsonResponse(logoutStatus, { success: true });
    return jsonResponse(404, { message: "Not here." });
  });
  vi.stubGlobal("fetch", fetchMock);
  const paths = () => fetchMock.mock.calls.map(([input]) => String(input));
  return { paths };
}

describe("the start-up token check (spec/api.md §4)", () => {
  test("a successful check marks the person authenticated, keeping only the marker", async () => {
    const { paths } = stubServer(() => jsonResponse(200, { success: true, token: "PRESENT" }));
    const store = createAuthStore();
    await checkTokenAtStartup(store);
    expect(store.getState()).toMatchObject({
      checked: true,
      isAuthenticated: true,
      token: "PRESENT",
    });
    expect(paths()).toEqual(["/api/auth/checkToken"]);
  });

  test("runs once per store however often React asks", async () => {
    const { paths } = stubServer(() => jsonResponse(200, { success: true, token: "PRESENT" }));
    const store = createAuthStore();
    await Promise.all([checkTokenAtStartup(store), checkTokenAtStartup(store)]);
    expect(paths()).toEqual(["/api/auth/checkToken"]);
  });

  test.each([
    [SESSION_MESSAGES.noToken, 200, "/signin"],
    [SESSION_MESSAGES.invalidToken, 200, "/signin?forceLogout=true"],
    [SESSION_MESSAGES.noToken, 500, "/signin?forceLogout=true"],
  ])(
    "a failed check (%s, logout %s) logs out and resets: guards go to %s",
    async (message, logoutStatus, signInPath) => {
      const { paths } = stubServer(() => jsonResponse(401, { message }), logoutStatus);
      const store = createAuthStore();
      await checkTokenAtStartup(store);
      expect(paths()).toEqual(["/api/auth/checkToken", "/api/auth/logout"]);
      expect(store.getState()).toEqual({
        checked: true,
        isAuthenticated: false,
        token: "",
        signInPath,
      });
    },
  );
});
