/**
 * The texts of the API's 401 answers. The web client decides from them what to do (spec/api.md
 * §8): refresh on an expired access token; sign out on a missing token (to /signin) or on an
 * invalid token or refresh token (to /signin?forceLogout=true).
 */
export const SESSION_MESSAGES = {
  noToken: "No token found. Please sign in.",
  tokenExpired: "Token expired.",
  invalidToken: "Invalid token. Please sign in again.",
  refreshTokenExpired: "Refresh token expired. Please sign in again.",
  refreshTokenInvalid: "Refresh token is invalid. Please sign in again.",
} as const;

export type SessionFailure = "tokenExpired" | "noToken" | "invalidToken" | "refreshFailed";

/** What a 401 message means for the client; null when it is not a session failure. */
export function classifySessionFailure(message: string): SessionFailure | null {
  if (message === SESSION_MESSAGES.refreshTokenExpired) return "refreshFailed";
  if (message === SESSION_MESSAGES.refreshTokenInvalid) return "refreshFailed";
  if (message === SESSION_MESSAGES.tokenExpired) return "tokenExpired";
  if (message === SESSION_MESSAGES.noToken) return "noToken";
  if (message === SESSION_MESSAGES.invalidToken) return "invalidToken";
  return null;
}

/** The marker the client stores instead of a token (spec 4 "Auth flag"). */
export const TOKEN_PRESENT_MARKER = "PRESENT";
