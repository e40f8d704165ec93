import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { recordProviderStatus } from "./outbox.repository.ts";

export const WEBHOOK_MESSAGES = {
  notConfigured: "WhatsApp's Cloud API is not configured here.",
  noSecret: "Set WHATSAPP_APP_SECRET to receive WhatsApp's status updates.",
  badSignature: "The signature of this call is not WhatsApp's.",
  badToken: "The verify token does not match WHATSAPP_VERIFY_TOKEN.",
} as const;

interface StatusUpdate {
  id?: unknown;
  status?: unknown;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

interface WebhookBody {
  entry?: {
    changes?: { value?: { metadata?: { phone_number_id?: string }; statuses?: StatusUpdate[] } }[];
  }[];
}

function describeFailure(update: StatusUpdate): string {
  const error = update.errors?.[0];
  if (!error) return "WhatsApp reported the message as failed.";
  return [
    `WhatsApp${error.code !== undefined ? ` (code ${error.code})` : ""}:`,
    error.title ?? error.message ?? "failed",
    error.error_data?.details ? `— ${error.error_data.details}` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * The Cloud API's status webhook (issue 22): Meta calls it when a message it accepted is sent,
 * delivered, read or fails; the email log shows that. GET answers the subscription check; POST
 * carries `X-Hub-Signature-256`, an HMAC of the raw body with the app secret, checked first.
 */
export const whatsAppWebhookRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const tags = ["WhatsApp webhook"];
  // The signature is over the bytes as sent: this plugin keeps the JSON body raw.
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    "/whatsapp/webhook",
    {
      schema: {
        tags,
        querystring: z.object({
          "hub.mode": z.string().max(50).optional(),
          "hub.verify_token": z.string().max(500).optional(),
          "hub.challenge": z.string().max(500).optional(),
        }),
      },
    },
    async (request, reply) => {
      const config = deps.config.whatsapp;
      if (!config) throw new AppError(404, WEBHOOK_MESSAGES.notConfigured);
      const query = request.query;
      if (
        query["hub.mode"] !== "subscribe" ||
        !config.verifyToken ||
        query["hub.verify_token"] !== config.verifyToken
      ) {
        throw new AppError(403, WEBHOOK_MESSAGES.badToken);
      }
      return reply.header("content-type", "text/plain").send(query["hub.challenge"] ?? "");
    },
  );

  app.post("/whatsapp/webhook", { schema: { tags } }, async (request) => {
    const config = deps.config.whatsapp;
    if (!config) throw new AppError(404, WEBHOOK_MESSAGES.notConfigured);
    if (!config.appSecret) throw new AppError(403, WEBHOOK_MESSAGES.noSecret);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const given = String(request.headers["x-hub-signature-256"] ?? "");
    const expected = `sha256=${createHmac("sha256", config.appSecret).update(raw).digest("hex")}`;
    const matches =
      given.length === expected.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    if (!matches) throw new AppError(403, WEBHOOK_MESSAGES.badSignature);
    let body: WebhookBody;
    try {
      body = JSON.parse(raw.toString("utf8")) as WebhookBody;
    } catch {
      throw new AppError(400, "The request body is not valid JSON.");
    }
    let updated = 0;
    for (const entry of Array.isArray(body.entry) ? body.entry : []) {
      for (const change of Array.isArray(entry.changes) ? entry.changes : []) {
        const value = change.value;
        if (value?.metadata?.phone_number_id !== config.phoneNumberId) continue;
        for (const update of Array.isArray(value.statuses) ? value.statuses : []) {
          if (typeof update.id !== "string" || typeof update.status !== "string") continue;
          updated += await recordProviderStatus(deps.db, update.id, {
            status: update.status.slice(0, 40),
            failure: update.status === "failed" ? describeFailure(update).slice(0, 2000) : null,
            at: nowIso(),
          });
        }
      }
    }
    return { success: true as const, updated };
  });
};
