// The GSTIN lookup provider's settings, read by config.ts with the rest (docs/api/masters.md "GSTIN").

export interface GstinProviderConfig {
  /** GSTIN_LOOKUP_URL: `${url}/${gstin}` answers the details. Unset: the offline lookup. */
  url: string | undefined;
  /** GSTIN_LOOKUP_KEY, sent in the header named by GSTIN_LOOKUP_KEY_HEADER (default x-api-key). */
  key: string | undefined;
  keyHeader: string;
  /** GSTIN_LOOKUP_TIMEOUT_MS (default 5000): a provider that has not answered by then has failed. */
  timeoutMs: number;
}

export const DEFAULT_GSTIN_LOOKUP_TIMEOUT_MS = 5000;

type Env = Record<string, string | undefined>;

export function readGstinProviderConfig(env: Env = process.env): GstinProviderConfig {
  const url = env.GSTIN_LOOKUP_URL?.trim().replace(/\/+$/, "") || undefined;
  if (url && !/^https?:\/\//.test(url)) {
    throw new Error("GSTIN_LOOKUP_URL must start with http:// or https://.");
  }
  const timeoutText = env.GSTIN_LOOKUP_TIMEOUT_MS?.trim();
  const timeoutMs = timeoutText ? Number(timeoutText) : DEFAULT_GSTIN_LOOKUP_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000) {
    throw new Error(
      `GSTIN_LOOKUP_TIMEOUT_MS must be a whole number of milliseconds from 1 to 60000, not "${timeoutText}".`,
    );
  }
  return {
    url,
    key: env.GSTIN_LOOKUP_KEY?.trim() || undefined,
    keyHeader: env.GSTIN_LOOKUP_KEY_HEADER?.trim() || "x-api-key",
    timeoutMs,
  };
}
