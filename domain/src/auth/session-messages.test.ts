import { describe, expect, test } from "vitest";
import { classifySessionFailure, SESSION_MESSAGES } from "./session-messages.ts";

describe("classifySessionFailure (spec/api.md §8)", () => {
  test.each([
    [SESSION_MESSAGES.tokenExpired, "tokenExpired"],
    [SESSION_MESSAGES.noToken, "noToken"],
    [SESSION_MESSAGES.invalidToken, "invalidToken"],
    [SESSION_MESSAGES.refreshTokenExpired, "refreshFailed"],
    [SESSION_MESSAGES.refreshTokenInvalid, "refreshFailed"],
    ["Incorrect email or password.", null],
  ])("%s → %s", (message, expected) => {
    expect(classifySessionFailure(message)).toBe(expected);
  });
});
