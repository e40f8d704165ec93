import { composeCivilDate, describeGstin, type GstinKind, isValidCivilDate } from "@bahi/domain";
import type { GstinProviderConfig } from "../../gstin-provider-config.ts";
import { AppError, GENERIC_FAILURE_MESSAGE } from "../../http/errors.ts";

/** What a lookup tells about a GSTIN; what a source does not know is null. */
export interface GstinDetails {
  gstin: string;
  legalName: string | null;
  tradeName: string | null;
  /** The taxpayer type as the source words it ('Regular', 'SEZ Unit', …). */
  registrationType: string | null;
  status: string | null;
  registrationDate: string | null;
  cancellationDate: string | null;
  /** The principal place of business on one line. */
  address: string | null;
}

/**
 * Where full GSTIN details come from (DESIGN.md §6): the offline default derives only what the
 * GSTIN itself says; a configured provider answers names, type, status, dates and address.
 */
export interface GstinLookupProvider {
  /** 'offline' or 'provider', kept with each cached record. */
  readonly source: "offline" | "provider";
  lookup(gstin: string): Promise<GstinDetails>;
}

// The registration type some GSTIN shapes fix by themselves (gst-reference.md §1): UIN holders,
// non-resident online service providers (overseas), non-resident taxable persons and e-commerce
// operators collecting tax. A normal GSTIN does not say whether it is regular or composition.
const TYPE_OF_KIND: Partial<Record<GstinKind, string>> = {
  uin: "uinholder",
  oidar: "overseas",
  nrtp: "casualtaxableperson",
  tcs: "ecomoperator",
};

export const offlineGstinProvider: GstinLookupProvider = {
  source: "offline",
  async lookup(gstin) {
    const described = describeGstin(gstin);
    return {
      gstin,
      legalName: null,
      tradeName: null,
      registrationType: (described.kind && TYPE_OF_KIND[described.kind]) ?? null,
      status: null,
      registrationDate: null,
      cancellationDate: null,
      address: null,
    };
  },
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function text(value: unknown): string | null {
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** The portal writes dates as dd/MM/yyyy; some providers send ISO. Anything else is dropped. */
export function parseProviderDate(value: unknown): string | null {
  const given = text(value);
  if (!given) return null;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(given);
  if (iso?.[1]) return isValidCivilDate(iso[1]) ? iso[1] : null;
  const indian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(given);
  if (!indian) return null;
  const [day, month, year] = [Number(indian[1]), Number(indian[2]), Number(indian[3])];
  try {
    return composeCivilDate(year, month, day);
  } catch {
    return null;
  }
}

function describeAddress(pradr: unknown): string | null {
  if (!isObject(pradr)) return text(pradr);
  const line = text(pradr.adr);
  if (line) return line;
  const addr = pradr.addr;
  if (!isObject(addr)) return null;
  const parts: string[] = [];
  for (const key of ["bno", "bnm", "flno", "st", "loc", "city", "dst", "stcd", "pncd"]) {
    const part = text(addr[key]);
    // City and district are often the same town.
    if (part && parts.at(-1)?.toLowerCase() !== part.toLowerCase()) parts.push(part);
  }
  return parts.length > 0 ? parts.join(", ") : null;
}

function errorMessageOf(body: unknown): string | null {
  if (!isObject(body)) return null;
  if (isObject(body.error)) return text(body.error.message);
  return text(body.message) ?? text(body.errorMessage) ?? text(body.error);
}

/**
 * The provider's answer, wherever it keeps it: the GST portal's field names (lgnm, tradeNam, dty,
 * sts, rgdt, cxdt, pradr.addr) at the top or under taxpayerInfo, data or result.
 */
export function mapProviderAnswer(gstin: string, body: unknown): GstinDetails | null {
  if (!isObject(body)) return null;
  const info = [body.taxpayerInfo, body.data, body.result].find(isObject) ?? body;
  const legalName = text(info.lgnm) ?? text(info.name) ?? text(info.legalName);
  const status = text(info.sts) ?? text(info.status);
  if (!legalName && !status) return null;
  return {
    gstin,
    legalName,
    tradeName: text(info.tradeNam) ?? text(info.tradeName),
    registrationType: text(info.gstRegType) ?? text(info.dty),
    status,
    registrationDate: parseProviderDate(info.rgdt),
    cancellationDate: parseProviderDate(info.cxdt),
    address: describeAddress(info.pradr) ?? text(info.address),
  };
}

const MAX_ANSWER_BYTES = 1_000_000;

/** spec api §8: a failed lookup shows the server's message or 'Something went wrong.' */
function lookupFailed(status: number, message?: string | null): AppError {
  return new AppError(status, message ?? GENERIC_FAILURE_MESSAGE);
}

export function createHttpGstinProvider(
  config: Pick<GstinProviderConfig, "key" | "keyHeader" | "timeoutMs"> & { url: string },
  fetchImpl: typeof fetch = fetch,
): GstinLookupProvider {
  return {
    source: "provider",
    async lookup(gstin) {
      const headers: Record<string, string> = { accept: "application/json" };
      if (config.key) headers[config.keyHeader] = config.key;
      let status: number;
      let raw: string;
      try {
        // The timeout covers the body too: a peer that sends headers and then stalls still fails.
        const response = await fetchImpl(`${config.url}/${encodeURIComponent(gstin)}`, {
          headers,
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        status = response.status;
        raw = await response.text();
      } catch (error) {
        // Timed out, refused, reset: nothing the provider said to pass on.
        throw lookupFailed((error as Error).name === "TimeoutError" ? 504 : 502);
      }
      let body: unknown = null;
      if (raw.length <= MAX_ANSWER_BYTES) {
        try {
          body = JSON.parse(raw);
        } catch {
          body = null;
        }
      }
      if (status === 404) throw lookupFailed(404, errorMessageOf(body));
      if (status < 200 || status > 299) throw lookupFailed(502, errorMessageOf(body));
      // Some providers answer 200 with { error: true, message } for a GSTIN they cannot find.
      const flagged = isObject(body) && (body.error === true || body.flag === false);
      const details = flagged ? null : mapProviderAnswer(gstin, body);
      if (!details) throw lookupFailed(502, errorMessageOf(body));
      return details;
    },
  };
}

export function createGstinProvider(config: GstinProviderConfig): GstinLookupProvider {
  return config.url
    ? createHttpGstinProvider({ ...config, url: config.url })
    : offlineGstinProvider;
}
