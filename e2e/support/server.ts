import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The e2e server's cookie secret (set in playwright.config.ts), to mint tokens in specs. */
export const E2E_COOKIE_SECRET = "e2e-cookie-secret-not-for-production-use";

/** The e2e server's data folder: SQLite, files and the mail outbox. */
export function e2eDataDir(): string {
  const dir = process.env.BAHI_E2E_DATA_DIR;
  if (!dir) throw new Error("BAHI_E2E_DATA_DIR is not set; run through playwright.config.ts");
  return dir;
}

/** Every .eml the server wrote, oldest first. */
export function readOutboxMails(): string[] {
  const dir = path.join(e2eDataDir(), "outbox");
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  return names.sort().map((name) => readFileSync(path.join(dir, name), "utf8"));
}

/** Waits for a mail to an address matching a pattern and returns the first capture group. */
export async function waitForMailMatch(
  to: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = readOutboxMails()
      .filter((m) => m.includes(`To: ${to}`))
      .at(-1);
    const match = mail ? pattern.exec(mail) : null;
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}
