import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { TestContext } from "./test-app.ts";

/** Text messages the outbox wrote under DATA_DIR/outbox/sms (no SMS provider), oldest first. */
export async function readOutboxSms(context: TestContext): Promise<string[]> {
  await context.app.outbox.flush();
  const dir = path.join(context.dataDir, "outbox", "sms");
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith(".txt"));
  } catch {
    return [];
  }
  return files.sort().map((name) => readFileSync(path.join(dir, name), "utf8"));
}

/** The SMS sent to a 10-digit mobile number (written to +91…), oldest first. */
export async function smsFor(context: TestContext, mobile: string): Promise<string[]> {
  const firstLine = `To: +91${mobile}\n`;
  return (await readOutboxSms(context)).filter((sms) => sms.startsWith(firstLine));
}

/** The newest 6-digit code texted to a 10-digit mobile number. */
export async function latestSmsOtpFor(context: TestContext, mobile: string): Promise<string> {
  const match = /code is (\d{6})/.exec((await smsFor(context, mobile)).at(-1) ?? "");
  if (!match?.[1]) throw new Error(`no OTP texted to ${mobile}`);
  return match[1];
}
