// The cookie plugin's type augmentation of FastifyRequest and FastifyReply, for any project compiling this file.
import type {} from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";

export const ACCESS_COOKIE = "bahi_access";
export const REFRESH_COOKIE = "bahi_refresh";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

// The access cookie outlives its token on purpose: an expired token must still reach the server,
// which answers "Token expired." so the client refreshes, instead of "No token found." which signs
// the person out (spec/api.md §8).
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: { accessToken: string; refreshToken: string },
): void {
  const secure = request.protocol === "https";
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: SESSION_TTL_SECONDS,
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    path: "/api/auth",
    httpOnly: true,
    sameSite: "strict",
    secure,
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(ACCESS_COOKIE, { path: "/" });
  reply.clearCookie(REFRESH_COOKIE, { path: "/api/auth" });
}
