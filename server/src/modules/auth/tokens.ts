import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** A secret for a link or a refresh token: 32 random bytes, base64url. */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A 6-digit one-time code, uniformly drawn. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Secrets are stored only as their SHA-256, so a leaked table grants nothing. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export type AccessTokenCheck =
  | { ok: true; claims: AccessTokenClaims }
  | { ok: false; reason: "invalid" | "expired" };

// A compact HMAC-signed token: "v1.<userId>.<sessionId>.<exp>.<signature>". Nothing secret inside,
// and nothing parsed before the signature is checked.
export function signAccessToken(claims: AccessTokenClaims, secret: string): string {
  const payload = `v1.${claims.userId}.${claims.sessionId}.${claims.exp}`;
  return `${payload}.${sign(payload, secret)}`;
}

export function verifyAccessToken(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): AccessTokenCheck {
  const lastDot = token.lastIndexOf(".");
  if (lastDot < 0) return { ok: false, reason: "invalid" };
  const payload = token.slice(0, lastDot);
  const given = Buffer.from(token.slice(lastDot + 1));
  const expected = Buffer.from(sign(payload, secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "invalid" };
  }
  const [version, userId, sessionId, exp] = payload.split(".");
  if (version !== "v1" || !userId || !sessionId || !exp || !/^\d+$/.test(exp)) {
    return { ok: false, reason: "invalid" };
  }
  if (Number(exp) <= nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, claims: { userId, sessionId, exp: Number(exp) } };
}

function sign(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}
