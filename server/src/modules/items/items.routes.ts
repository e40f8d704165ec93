import {
  CessRate,
  EntityId,
  ITEM_MESSAGES,
  ITEM_TYPES,
  ItemEditInput,
  ItemInput,
  optionalText,
  QueryBoolean,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../auth/auth.guard.ts";
import { EditVersion } from "../masters/master-schemas.ts";
import type { ModuleDeps } from "../module-deps.ts";
import * as service from "./items.service.ts";

const ItemRef = z.object({ organisationId: EntityId, itemId: EntityId });
// api.md lists no cess rate on items; the invoice lines take one (compensation cess), so the item
// carries its default. The domain schema has none yet: it rides beside it.
const ItemExtras = z.object({ cessRate: CessRate.optional() });
const tags = ["Items"];

/**
 * spec api §7 "Item". Add and edit are POST as the spec lists them; active and inactive are PUT
 * like the accounts'. GET /item/getItemLedger belongs to the reports.
 */
export const itemsRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const db = deps.db;

  app.post(
    "/item/add",
    { ...guard, schema: { tags, body: z.intersection(ItemInput, ItemExtras) } },
    async (request) => {
      const row = await service.addItem(db, callerOf(request), request.body);
      return {
        success: true,
        itemId: row.id,
        item: service.presentItem(row),
        message: service.ITEM_SUCCESS.added,
      };
    },
  );

  app.post(
    "/item/edit",
    {
      ...guard,
      schema: {
        tags,
        body: z.intersection(z.intersection(ItemEditInput, ItemExtras), EditVersion),
      },
    },
    async (request) => {
      const row = await service.editItem(db, callerOf(request), request.body);
      return {
        success: true,
        itemId: row.id,
        item: service.presentItem(row),
        message: service.ITEM_SUCCESS.edited,
      };
    },
  );

  app.get(
    "/item/itemlist",
    {
      ...guard,
      schema: {
        tags,
        querystring: z.object({
          organisationId: EntityId,
          active: QueryBoolean.optional(),
          type: optionalText(z.enum(ITEM_TYPES, { error: ITEM_MESSAGES.type })),
          searchText: optionalText(
            z.string().max(100, "Search text cannot be more than 100 characters."),
          ),
        }),
      },
    },
    async (request) => service.listItems(db, callerOf(request), request.query),
  );

  app.get(
    "/item/getsingleitemdetails",
    { ...guard, schema: { tags, querystring: ItemRef } },
    async (request) =>
      service.getItem(db, callerOf(request), request.query.organisationId, request.query.itemId),
  );

  app.delete(
    "/item/delete",
    { ...guard, schema: { tags, querystring: ItemRef } },
    async (request) => {
      await service.deleteItem(
        db,
        callerOf(request),
        request.query.organisationId,
        request.query.itemId,
      );
      return { success: true, message: service.ITEM_SUCCESS.deleted };
    },
  );

  for (const active of [true, false]) {
    app.put(
      `/item/${active ? "active" : "inactive"}`,
      { ...guard, schema: { tags, body: ItemRef } },
      async (request) => {
        const { organisationId, itemId } = request.body;
        const row = await service.setItemActive(
          db,
          callerOf(request),
          organisationId,
          itemId,
          active,
        );
        return {
          success: true,
          item: service.presentItem(row),
          message: active ? service.ITEM_SUCCESS.active : service.ITEM_SUCCESS.inactive,
        };
      },
    );
  }

  app.get("/item/itemslog", { ...guard, schema: { tags, querystring: ItemRef } }, async (request) =>
    service.readItemLogs(db, callerOf(request), request.query.organisationId, request.query.itemId),
  );
};
