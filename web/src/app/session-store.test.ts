import { describe, expect, test, vi } from "vitest";
import { createAuthStore, INITIAL_AUTH_STATE, markSignedIn, reduceAuth } from "./session-store.ts";

describe("auth state (spec 3, spec 4 'Auth flag')", () => {
  test("starts signed out, with no token, not yet checked", () => {
    expect(INITIAL_AUTH_STATE).toEqual({
      checked: false,
      isAuthenticated: false,
      token: "",
      signInPath: "/signin",
    });
  });

  test("login sets isAuthenticated; logout clears it and the token", () => {
    const signedIn = reduceAuth(INITIAL_AUTH_STATE, { type: "login" });
    expect(signedIn.isAuthenticated).toBe(true);
    const withToken = reduceAuth(signedIn, { type: "tokenPresent", value: "PRESENT" });
    expect(withToken.token).toBe("PRESENT");
    const out = reduceAuth(withToken, { type: "logout", signInPath: "/signin?forceLogout=true" });
    expect(out).toEqual({
      checked: true,
      isAuthenticated: false,
      token: "",
      signInPath: "/signin?forceLogout=true",
    });
  });

  test("tokenPresent counts only the marker word, so no real token is ever kept", () => {
    expect(reduceAuth(INITIAL_AUTH_STATE, { type: "tokenPresent", value: "v1.u.s.9.sig" })).toBe(
      INITIAL_AUTH_STATE,
    );
    expect(reduceAuth(INITIAL_AUTH_STATE, { type: "tokenPresent", value: undefined })).toBe(
      INITIAL_AUTH_STATE,
    );
    const present = reduceAuth(INITIAL_AUTH_STATE, { type: "tokenPresent", value: "PRESENT" });
    expect(present).toMatchObject({ isAuthenticated: true, token: "PRESENT", checked: true });
  });

  test("a store tells its listeners about changes only", () => {
    const store = createAuthStore();
    const listener = vi.fn();
    store.subscribe(listener);
    markSignedIn(store, { token: "PRESENT" });
    expect(store.getState()).toMatchObject({ isAuthenticated: true, token: "PRESENT" });
    const calls = listener.mock.calls.length;
    store.dispatch({ type: "tokenPresent", value: "something else" });
    expect(listener.mock.calls.length).toBe(calls);
  });
});
