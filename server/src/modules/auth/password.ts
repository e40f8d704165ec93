import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

// scrypt from Node's crypto: memory-hard, no native dependency. N=2^15 costs ~32 MiB and tens of
// milliseconds per hash on a 2-core server, in line with OWASP's scrypt guidance.
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;

// Each hash holds 128 × N × r bytes (32 MiB) while it runs: sign-ins sent at once would add
// 32 MiB each to the serving process (issue 37: 314 MB measured). At most this many run at once
// (BAHI_PASSWORD_HASHES_AT_ONCE, default 1, decision 393: two at once took the serving process
// at 100k vouchers to 307.5 MB, over its 300); the others wait their turn, tens of ms each.
function hashesAtOnce(): number {
  const configured = Number(process.env.BAHI_PASSWORD_HASHES_AT_ONCE);
  return Number.isInteger(configured) && configured >= 1 ? configured : 1;
}
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= hashesAtOnce()) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Hashes running now (tests). */
export function passwordHashesRunning(): number {
  return running;
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised later without a migration. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return [
    "scrypt",
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
