import {
  CUSTOM_FIELD_MESSAGES,
  CUSTOM_FIELD_TARGETS,
  CustomFieldEditInput,
  CustomFieldInput,
  CustomFieldListQuery,
  EntityId,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../auth/auth.guard.ts";
import { EditVersion, listQueryValue } from "../masters/master-schemas.ts";
import type { ModuleDeps } from "../module-deps.ts";
import * as service from "./custom-fields.service.ts";

const FieldRef = z.object({ organisationId: EntityId, customFieldId: EntityId });
const tags = ["Custom fields"];

/** spec api §7 "Custom fields". Add and edit are POST, as the spec lists them. */
export const customFieldsRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const db = deps.db;

  app.get(
    "/customfield/getCustomFieldList",
    {
      ...guard,
      schema: {
        tags,
        querystring: CustomFieldListQuery.extend({
          applicableFor: listQueryValue(
            z.enum(CUSTOM_FIELD_TARGETS, { error: CUSTOM_FIELD_MESSAGES.applicableForRequired }),
          ),
        }),
      },
    },
    async (request) => service.listCustomFields(db, callerOf(request), request.query),
  );

  app.post(
    "/customfield/add",
    { ...guard, schema: { tags, body: CustomFieldInput } },
    async (request) => {
      const field = await service.addCustomField(db, callerOf(request), request.body);
      return {
        success: true,
        customFieldId: field.id,
        customField: service.presentCustomField(field),
        message: service.CUSTOM_FIELD_SUCCESS.added,
      };
    },
  );

  app.post(
    "/customfield/edit",
    { ...guard, schema: { tags, body: z.intersection(CustomFieldEditInput, EditVersion) } },
    async (request) => {
      const field = await service.editCustomField(db, callerOf(request), request.body);
      return {
        success: true,
        customFieldId: field.id,
        customField: service.presentCustomField(field),
        message: service.CUSTOM_FIELD_SUCCESS.edited,
      };
    },
  );

  app.delete(
    "/customfield/delete",
    { ...guard, schema: { tags, querystring: FieldRef } },
    async (request) => {
      const { organisationId, customFieldId } = request.query;
      await service.deleteCustomField(db, callerOf(request), organisationId, customFieldId);
      return { success: true, message: service.CUSTOM_FIELD_SUCCESS.deleted };
    },
  );

  for (const active of [true, false]) {
    app.put(
      `/customfield/${active ? "active" : "inactive"}`,
      { ...guard, schema: { tags, body: FieldRef } },
      async (request) => {
        const { organisationId, customFieldId } = request.body;
        const field = await service.setCustomFieldActive(
          db,
          callerOf(request),
          organisationId,
          customFieldId,
          active,
        );
        return {
          success: true,
          customField: service.presentCustomField(field),
          message: active
            ? service.CUSTOM_FIELD_SUCCESS.active
            : service.CUSTOM_FIELD_SUCCESS.inactive,
        };
      },
    );
  }

  app.get(
    "/customfield/getCustomFieldLogs",
    { ...guard, schema: { tags, querystring: FieldRef } },
    async (request) =>
      service.readCustomFieldLogs(
        db,
        callerOf(request),
        request.query.organisationId,
        request.query.customFieldId,
      ),
  );
};
