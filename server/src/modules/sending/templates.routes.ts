import {
  EmailTemplateInput,
  EntityId,
  TEMPLATE_MESSAGES,
  TemplateListQuery,
  TemplateRef,
  WhatsAppTemplateInput,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../auth/auth.guard.ts";
import { EditVersion } from "../masters/master-schemas.ts";
import type { ModuleDeps } from "../module-deps.ts";
import * as service from "./templates.service.ts";

const TemplateId = z.object({ templateId: EntityId });
const DefaultChoice = z.intersection(
  z.object({ organisationId: EntityId, templateId: EntityId, isDefault: z.boolean() }),
  EditVersion,
);

/**
 * api.md 7 Settings: the five template calls for email ({name,type,subject,template}) and the
 * same five for WhatsApp ({name,type,template}); and a sixth of ours to choose the type's default
 * (decision 410).
 */
export const templatesRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const db = deps.db;
  const channels = [
    {
      channel: "email",
      word: "emailtemplate",
      input: EmailTemplateInput,
      tags: ["Email templates"],
    },
    {
      channel: "whatsapp",
      word: "whatsapptemplate",
      input: WhatsAppTemplateInput,
      tags: ["WhatsApp templates"],
    },
  ] as const;

  for (const { channel, word, input, tags } of channels) {
    app.post(`/settings/${word}`, { ...guard, schema: { tags, body: input } }, async (request) => {
      const row = await service.addTemplate(db, callerOf(request), {
        ...request.body,
        channel,
      } as service.TemplateInput);
      return {
        success: true,
        templateId: row.id,
        template: service.presentTemplate(row),
        message: TEMPLATE_MESSAGES.added,
      };
    });

    app.get(
      `/settings/get${word}`,
      { ...guard, schema: { tags, querystring: TemplateListQuery } },
      async (request) => service.listTemplates(db, callerOf(request), channel, request.query),
    );

    app.get(
      `/settings/get${word}byid`,
      { ...guard, schema: { tags, querystring: TemplateRef } },
      async (request) => {
        const { organisationId, templateId } = request.query;
        const row = await service.readTemplate(
          db,
          callerOf(request),
          channel,
          organisationId,
          templateId,
        );
        return { success: true, template: service.presentTemplate(row) };
      },
    );

    app.put(
      `/settings/update${word}`,
      {
        ...guard,
        schema: { tags, body: z.intersection(input.extend(TemplateId.shape), EditVersion) },
      },
      async (request) => {
        const row = await service.editTemplate(db, callerOf(request), {
          ...request.body,
          channel,
        } as service.TemplateInput & { templateId: string; version: number });
        return {
          success: true,
          template: service.presentTemplate(row),
          message: TEMPLATE_MESSAGES.edited,
        };
      },
    );

    app.put(
      `/settings/setdefault${word}`,
      { ...guard, schema: { tags, body: DefaultChoice } },
      async (request) => {
        const row = await service.setDefaultTemplate(db, callerOf(request), {
          ...request.body,
          channel,
        });
        return {
          success: true,
          template: service.presentTemplate(row),
          message: TEMPLATE_MESSAGES.madeDefault,
        };
      },
    );

    app.delete(
      `/settings/delete${word}`,
      { ...guard, schema: { tags, querystring: TemplateRef } },
      async (request) => {
        const { organisationId, templateId } = request.query;
        await service.deleteTemplate(db, callerOf(request), channel, organisationId, templateId);
        return { success: true, message: TEMPLATE_MESSAGES.deleted };
      },
    );
  }
};
