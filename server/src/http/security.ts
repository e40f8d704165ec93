import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { API_KEY_HEADER } from "./api-key-header.ts";
import { AppError } from "./errors.ts";

export const CROSS_SITE_MESSAGE =
  "This request came from another site and was refused. Please use Bahi from its own address.";

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The browser's defences (issue 26, docs/security.md): security headers on every response by
 * @fastify/helmet, HSTS only when the request came over TLS, and writes from other sites refused.
 */
export async function registerBrowserDefences(
  app: FastifyInstance,
  options: { publicUrl: string },
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        // Vite's build has no inline script; none is allowed.
        "script-src": ["'self'"],
        // Mantine sets style attributes and injects its CSS variables in a <style> element.
        "style-src": ["'self'", "'unsafe-inline'"],
        // Logos and signatures are previewed from the picked file (blob:) before upload.
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "frame-src": ["'self'", "blob:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'self'"],
      },
    },
    // Set below, and only over TLS: over plain HTTP the header means nothing and misleads.
    strictTransportSecurity: false,
    xFrameOptions: { action: "sameorigin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // The documents' signed public links are opened from mail and chat apps.
    crossOriginResourcePolicy: { policy: "same-site" },
  });

  app.addHook("onSend", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });

  const publicOrigin = originOf(options.publicUrl);
  app.addHook("onRequest", async (request) => {
    if (!isUnsafe(request.method)) return;
    const path = request.url.split("?")[0] ?? "";
    if (path !== "/api" && !path.startsWith("/api/")) return;
    // An API key is not sent by browsers on their own; only cookies ride along cross-site.
    const apiKey = request.headers[API_KEY_HEADER];
    if (typeof apiKey === "string" && apiKey.length > 0) return;
    const source = sourceOrigin(request);
    if (source === undefined) return;
    if (source !== null && source === publicOrigin) return;
    // PUBLIC_URL names its host's one scheme: http://books.example is not https://books.example.
    if (
      source !== null &&
      !isPublicHost(source, publicOrigin) &&
      isOwnOrigin(source, request.protocol, request.headers.host)
    ) {
      return;
    }
    throw new AppError(403, CROSS_SITE_MESSAGE);
  });
}

function isUnsafe(method: string): boolean {
  return method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
}

/**
 * Where a browser says the request comes from: Origin, else Referer's origin. Undefined when it
 * names neither (not a browser, or one that sends neither: SameSite cookies then stand alone);
 * null when it names something unreadable ("null" from sandboxed frames and file pages).
 */
function sourceOrigin(request: FastifyRequest): string | null | undefined {
  const origin = request.headers.origin;
  if (typeof origin === "string" && origin.length > 0) return originOf(origin);
  const referer = request.headers.referer;
  if (typeof referer === "string" && referer.length > 0) return originOf(referer);
  return undefined;
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === "null" ? null : parsed.origin;
  } catch {
    return null;
  }
}

function isPublicHost(origin: string, publicOrigin: string | null): boolean {
  return publicOrigin !== null && new URL(origin).host === new URL(publicOrigin).host;
}

/**
 * The origin is the address the request was sent to: the same scheme and host (default ports read
 * alike: :80 on http). Issue 37: the scheme counts, so a plain-HTTP page on the same host (one a
 * network can forge) cannot write to the HTTPS app. The one allowance is an https page over a
 * request the server saw as http: TLS ended at a proxy not named in TRUST_PROXY, where the browser
 * still spoke HTTPS to this host; the reverse is refused.
 */
function isOwnOrigin(origin: string, protocol: string, host: string | undefined): boolean {
  if (!host) return false;
  const source = new URL(origin);
  if (
    source.protocol !== `${protocol}:` &&
    !(source.protocol === "https:" && protocol === "http")
  ) {
    return false;
  }
  try {
    return new URL(`${source.protocol}//${host}`).host === source.host;
  } catch {
    return false;
  }
}
