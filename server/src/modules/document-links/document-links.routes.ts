import { DocumentLinksQuery, RevokeDocumentLinksInput } from "@bahi/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../http/errors.ts";
import { callerOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  LINK_OPENS_PER_MINUTE_PER_ADDRESS,
  listDocumentLinks,
  openDocumentLink,
  revokeDocumentLinks,
} from "./document-links.service.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A refusal a person reads in a browser: one sentence on a plain page, not JSON. */
function answerRefusal(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  if (!(request.headers.accept ?? "").includes("text/html")) {
    return reply.status(error.statusCode).send({ message: error.message });
  }
  return reply
    .status(error.statusCode)
    .header("content-type", "text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bahi</title></head><body style="font-family:sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><p>${escapeHtml(error.message)}</p></body></html>`,
    );
}

/**
 * Signed document links (issue 22): GET /d/{token} serves the PDF to anyone holding the link
 * (no sign-in); list and revoke are for signed-in members who may see the document.
 */
export const documentLinksRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const tags = ["Document links"];

  app.get(
    "/d/:token",
    {
      config: { rateLimit: { max: LINK_OPENS_PER_MINUTE_PER_ADDRESS, timeWindow: "1 minute" } },
      schema: { tags, params: z.object({ token: z.string().max(200) }) },
    },
    async (request, reply) => {
      try {
        const { bytes, fileName } = await openDocumentLink(deps, request.params.token, request.ip);
        // The app's page policy (object-src 'none') would stop a browser's own PDF viewer from
        // showing the file in the tab; a PDF is not a page of the app and needs none.
        reply.removeHeader("content-security-policy");
        return reply
          .header("content-type", "application/pdf")
          .header("content-disposition", `inline; filename="${fileName}"`)
          .header("cache-control", "private, no-store")
          .header("referrer-policy", "no-referrer")
          .header("x-robots-tag", "noindex, nofollow")
          .send(Buffer.from(bytes));
      } catch (error) {
        if (error instanceof AppError) return answerRefusal(request, reply, error);
        throw error;
      }
    },
  );

  app.get(
    "/documentlinks/list",
    { ...guard, schema: { tags, querystring: DocumentLinksQuery } },
    async (request) => listDocumentLinks(deps.db, callerOf(request), request.query),
  );

  app.post(
    "/documentlinks/revoke",
    { ...guard, schema: { tags, body: RevokeDocumentLinksInput } },
    async (request) => revokeDocumentLinks(deps.db, callerOf(request), request.body),
  );
};
