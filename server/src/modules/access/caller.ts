import type { EarlyAccessRead } from "./organisation-access.ts";

/** Who is calling: a signed-in person (session cookie) or an organisation's API key. */
export type Caller =
  | { kind: "user"; userId: string; sessionId: string; accessRead?: EarlyAccessRead }
  | { kind: "apiKey"; userId: string; organisationId: string; apiKeyId: string };
