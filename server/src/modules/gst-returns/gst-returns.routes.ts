import {
  type GstReturnKind,
  MarkReturnFiledInput,
  ReturnEmailInput,
  ReturnFileQuery,
  ReturnPeriodQuery,
  ReturnTransactionsQuery,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendIsAPost } from "../../http/errors.ts";
import { callerOf } from "../auth/auth.guard.ts";
import { describeAttachment } from "../exports/table-document.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { emailReturnFile, renderReturnFile } from "./gst-returns.file.ts";
import {
  markReturnFiled,
  readReturnCounts,
  readReturnTransactions,
} from "./gst-returns.service.ts";

/**
 * GSTR-1 and IFF (api.md 7 "GST returns", issue 19): the same four calls under each family, with
 * the spec's names (gstr1B2BCount and iffCount for the counts).
 */
const FAMILIES: readonly {
  kind: GstReturnKind;
  prefix: string;
  transactions: string;
  count: string;
  json: string;
}[] = [
  {
    kind: "gstr1",
    prefix: "/gstr1",
    transactions: "gstr1transactions",
    count: "gstr1B2BCount",
    json: "gstr1Json",
  },
  {
    kind: "iff",
    prefix: "/iff",
    transactions: "ifftransactions",
    count: "iffCount",
    json: "iffJson",
  },
];

export const gstReturnsRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  for (const family of FAMILIES) {
    app.get(
      `${family.prefix}/${family.count}`,
      { ...guard, schema: { querystring: ReturnPeriodQuery } },
      async (request) => readReturnCounts(deps.db, callerOf(request), family.kind, request.query),
    );
    app.get(
      `${family.prefix}/${family.transactions}`,
      { ...guard, schema: { querystring: ReturnTransactionsQuery } },
      async (request) =>
        readReturnTransactions(deps.db, callerOf(request), family.kind, request.query),
    );
    app.get(
      `${family.prefix}/${family.json}`,
      { ...guard, schema: { querystring: ReturnFileQuery } },
      async (request, reply) => {
        const { format, isEmail, ...query } = request.query;
        // Issue 37: a GET never sends (a page on another site could make a browser send it).
        if (isEmail) throw sendIsAPost(`${family.prefix}/${family.json}`);
        const { file } = await renderReturnFile(
          deps.db,
          callerOf(request),
          family.kind,
          query,
          format,
        );
        return reply
          .header("content-type", file.contentType)
          .header("content-disposition", describeAttachment(file.fileName))
          .header("cache-control", "private, no-store")
          .send(file.content);
      },
    );
    app.post(
      `${family.prefix}/${family.json}`,
      { ...guard, schema: { body: ReturnEmailInput } },
      async (request) => {
        const { format, email, subject, ...query } = request.body;
        const { header, file } = await renderReturnFile(
          deps.db,
          callerOf(request),
          family.kind,
          query,
          format,
        );
        return emailReturnFile(deps, header, file, email, subject);
      },
    );
    app.post(
      `${family.prefix}/markfiled`,
      { ...guard, schema: { body: MarkReturnFiledInput } },
      async (request) => markReturnFiled(deps, callerOf(request), family.kind, request.body),
    );
  }
};
