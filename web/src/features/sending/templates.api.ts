import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../api/http.ts";

export type TemplateChannel = "email" | "whatsapp";

export interface MessageTemplate {
  _id: string;
  name: string;
  type: string;
  typeName: string;
  subject?: string;
  template: string;
  /** The type's default: the send dialogs open with it (decision 410). */
  isDefault: boolean;
  version: number;
}

export interface TemplatePayload {
  name: string;
  type: string;
  subject?: string;
  template: string;
  isDefault?: boolean;
}

const WORD: Record<TemplateChannel, string> = {
  email: "emailtemplate",
  whatsapp: "whatsapptemplate",
};

export const TEMPLATE_TOASTS = {
  added: "Template Added",
  edited: "Template Edited",
  deleted: "Template Deleted Successfully.",
  madeDefault: "Default template set",
  failed: "Error",
} as const;

export const templatesKey = (organisationId: string, channel: TemplateChannel) => [
  "message-templates",
  organisationId,
  channel,
];

export function useTemplates(organisationId: string, channel: TemplateChannel) {
  return useQuery({
    queryKey: templatesKey(organisationId, channel),
    queryFn: ({ signal }) =>
      apiRequest<{ templates: MessageTemplate[]; count: number }>(
        "GET",
        `/settings/get${WORD[channel]}`,
        {
          query: { organisationId, skip: 0, limit: 100 },
          signal,
          errorTitle: TEMPLATE_TOASTS.failed,
        },
      ),
  });
}

export function useTemplate(organisationId: string, channel: TemplateChannel, templateId: string) {
  return useQuery({
    enabled: templateId !== "",
    queryKey: [...templatesKey(organisationId, channel), templateId],
    queryFn: ({ signal }) =>
      apiRequest<{ template: MessageTemplate }>("GET", `/settings/get${WORD[channel]}byid`, {
        query: { organisationId, templateId },
        signal,
        errorTitle: TEMPLATE_TOASTS.failed,
      }),
  });
}

export function saveTemplate(
  organisationId: string,
  channel: TemplateChannel,
  payload: TemplatePayload,
  existing?: { templateId: string; version: number },
) {
  const body = {
    organisationId,
    ...payload,
    ...(channel === "whatsapp" ? { subject: undefined } : {}),
    ...(existing ?? {}),
  };
  return existing
    ? apiRequest<{ message: string }>("PUT", `/settings/update${WORD[channel]}`, {
        body,
        errorTitle: TEMPLATE_TOASTS.failed,
      })
    : apiRequest<{ message: string }>("POST", `/settings/${WORD[channel]}`, {
        body,
        errorTitle: TEMPLATE_TOASTS.failed,
      });
}

export function deleteTemplate(
  organisationId: string,
  channel: TemplateChannel,
  templateId: string,
) {
  return apiRequest<{ message: string }>("DELETE", `/settings/delete${WORD[channel]}`, {
    query: { organisationId, templateId },
    errorTitle: TEMPLATE_TOASTS.failed,
  });
}

/** Makes the template its type's default (the previous one stops being it), or unsets it. */
export function setDefaultTemplate(
  organisationId: string,
  channel: TemplateChannel,
  template: { _id: string; version: number },
  isDefault: boolean,
) {
  return apiRequest<{ message: string }>("PUT", `/settings/setdefault${WORD[channel]}`, {
    body: { organisationId, templateId: template._id, version: template.version, isDefault },
    errorTitle: TEMPLATE_TOASTS.failed,
  });
}
