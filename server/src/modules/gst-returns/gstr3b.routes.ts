import { Gstr3bQuery, MarkReturnFiledInput } from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf } from "../auth/auth.guard.ts";
import { describeAttachment } from "../exports/table-document.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  type MatchedItcFrom2B,
  markGstr3bFiled,
  readGstr3bDetails,
  readGstr3bJson,
  readGstr3bSummary,
} from "./gstr3b.service.ts";

/**
 * GSTR-3B (api.md 7, issue 20): one read call with `type` summary or details (and the portal's
 * JSON with downloadJson=true), and mark as filed. `matchedItcFrom2B` (the GSTR-2B
 * reconciliation's matched credit) is injected by the app; without it ITC is as per books only.
 */
export const gstr3bRoutes: FastifyPluginAsyncZod<{
  deps: ModuleDeps;
  matchedItcFrom2B?: MatchedItcFrom2B | undefined;
}> = async (app, { deps, matchedItcFrom2B }) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  app.get(
    "/gstr3b/gstr3B",
    { ...guard, schema: { querystring: Gstr3bQuery } },
    async (request, reply) => {
      const { type, table, downloadJson, skip, limit, ...query } = request.query;
      const caller = callerOf(request);
      if (downloadJson) {
        const file = await readGstr3bJson(deps.db, caller, query, matchedItcFrom2B);
        return reply
          .header("content-type", "application/json")
          .header("content-disposition", describeAttachment(file.fileName))
          .header("cache-control", "private, no-store")
          .send(JSON.stringify(file.json));
      }
      if (type === "details" && table !== undefined) {
        return readGstr3bDetails(
          deps.db,
          caller,
          { ...query, table, skip, limit },
          matchedItcFrom2B,
        );
      }
      return readGstr3bSummary(deps.db, caller, query, matchedItcFrom2B);
    },
  );
  app.post(
    "/gstr3b/markfiled",
    { ...guard, schema: { body: MarkReturnFiledInput } },
    async (request) => markGstr3bFiled(deps, callerOf(request), request.body),
  );
};
