import type { WhatsAppCloudConfig, WhatsAppTemplateConfig } from "../../config.ts";
import { DeliveryError, type DeliveryResult, type StoredAttachment } from "./delivery.ts";
import type { OutboxMessage } from "./outbox.repository.ts";

// The WhatsApp Business Cloud API (Meta's Graph API): a PDF is uploaded as media
// (POST /{phone-number-id}/media, multipart) and sent as a document message with the text as its
// caption (POST /{phone-number-id}/messages). docs/decisions/081 records the choices.

const REQUEST_TIMEOUT_MS = 30_000;
/** WhatsApp's limit on a media caption; a longer text goes as a text message first. */
const CAPTION_LIMIT = 1024;
const TEXT_LIMIT = 4096;

/**
 * Graph API error codes that mean "try again later": throttling, a temporary outage, a spam or
 * pair rate limit. Anything else in a 4xx is the request's or the number's fault and final.
 */
const TEMPORARY_CODES = new Set([
  1, 2, 4, 17, 341, 80007, 130429, 131000, 131016, 131048, 131056, 133004,
]);

/**
 * The number WhatsApp wants: digits with the country code. A 10-digit Indian mobile gets 91, a
 * leading 0 or +91 is read as India too; 11 to 15 digits are taken as already international.
 */
export function toWhatsAppNumber(phone: string): string | null {
  const digits = phone.replace(/[\s()+-]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 10 && /^[6-9]/.test(digits)) return `91${digits}`;
  if (digits.length === 11 && digits.startsWith("0")) return toWhatsAppNumber(digits.slice(1));
  if (digits.length >= 11 && digits.length <= 15 && !digits.startsWith("0")) return digits;
  return null;
}

interface GraphError {
  error?: {
    message?: string;
    code?: number;
    error_subcode?: number;
    error_data?: { details?: string };
  };
}

async function callGraph(
  config: WhatsAppCloudConfig,
  path: string,
  body: FormData | Record<string, unknown>,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${config.token}`,
        ...(body instanceof FormData ? {} : { "content-type": "application/json" }),
      },
      body: body instanceof FormData ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const what = error instanceof Error ? error.message : String(error);
    throw new DeliveryError(`WhatsApp API not reachable: ${cause ?? what}`, false);
  }
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // A proxy's HTML error page: judged by its status below.
  }
  if (response.ok) return json;
  const error = (json as GraphError).error;
  const code = error?.code;
  const reason = [
    `WhatsApp API ${response.status}${code !== undefined ? ` (code ${code})` : ""}:`,
    error?.message ?? (text.slice(0, 200) || response.statusText),
    error?.error_data?.details ? `— ${error.error_data.details}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const temporary =
    response.status === 429 ||
    response.status >= 500 ||
    (code !== undefined && TEMPORARY_CODES.has(code));
  throw new DeliveryError(reason, !temporary, code);
}

/** WhatsApp's refusal of free-form text when the customer has not written in 24 hours. */
export const WINDOW_CLOSED_CODE = 131047;

function windowClosed(error: unknown): boolean {
  return error instanceof DeliveryError && error.code === WINDOW_CLOSED_CODE;
}

async function uploadDocument(config: WhatsAppCloudConfig, file: StoredAttachment) {
  const form = new FormData();
  form.append("messaging_product", "whatsapp");
  form.append("type", file.contentType);
  form.append(
    "file",
    new Blob([Buffer.from(file.base64, "base64")], { type: file.contentType }),
    file.fileName,
  );
  const answer = await callGraph(config, "/media", form);
  if (typeof answer.id !== "string") {
    throw new DeliveryError("WhatsApp API answered the upload without a media id.", false);
  }
  return answer.id;
}

function messageIdOf(answer: Record<string, unknown>) {
  const first = (answer.messages as { id?: string; message_status?: string }[] | undefined)?.[0];
  if (!first?.id) throw new DeliveryError("WhatsApp API answered without a message id.", false);
  return { id: first.id, status: first.message_status ?? "accepted" };
}

/**
 * The approved template as a message: the document in its header, the body's {{1}}, {{2}}… from
 * the message's placeholder values in the configured order (WhatsApp refuses an empty parameter,
 * so a missing value is a dash).
 */
function templateMessage(
  template: WhatsAppTemplateConfig,
  values: Record<string, string | undefined>,
  document: { id: string; filename: string },
) {
  return {
    type: "template",
    template: {
      name: template.name,
      language: { code: template.language },
      components: [
        { type: "header", parameters: [{ type: "document", document }] },
        ...(template.params.length > 0
          ? [
              {
                type: "body",
                parameters: template.params.map((name) => ({
                  type: "text",
                  text: values[name]?.trim() || "-",
                })),
              },
            ]
          : []),
      ],
    },
  };
}

/**
 * Sends one outbox message through the Cloud API: its PDFs as documents, its text as caption.
 * When WhatsApp refuses free-form text because the customer's 24-hour window is closed (131047)
 * and an approved template is configured, each PDF goes as that template instead (decision 084).
 */
export async function sendWhatsAppCloud(
  config: WhatsAppCloudConfig,
  message: OutboxMessage,
): Promise<DeliveryResult> {
  const to = toWhatsAppNumber(message.recipient);
  if (!to) {
    throw new DeliveryError(
      `"${message.recipient}" is not a WhatsApp number (10 digits, or the country code and number).`,
      true,
    );
  }
  const files = message.attachments ? (JSON.parse(message.attachments) as StoredAttachment[]) : [];
  const text = message.body_text.slice(0, TEXT_LIMIT);
  const base = { messaging_product: "whatsapp", recipient_type: "individual", to };
  const sent: { id: string; status: string }[] = [];
  const values = message.placeholder_values
    ? (JSON.parse(message.placeholder_values) as Record<string, string | undefined>)
    : null;
  // Only a message with a document and its values can fall back to the template.
  const template = config.template && values && files.length > 0 ? config.template : null;
  let useTemplate = false;
  const freeForm = async (body: Record<string, unknown>) => {
    try {
      sent.push(messageIdOf(await callGraph(config, "/messages", { ...base, ...body })));
    } catch (error) {
      if (!template || !windowClosed(error)) throw error;
      useTemplate = true;
    }
  };
  const captioned = text.length <= CAPTION_LIMIT && files.length > 0;
  if (!captioned && text.trim() !== "") {
    await freeForm({ type: "text", text: { body: text, preview_url: true } });
  }
  for (const [index, file] of files.entries()) {
    const mediaId = await uploadDocument(config, file);
    const document: Record<string, string> = { id: mediaId, filename: file.fileName };
    if (!useTemplate) {
      if (captioned && index === 0) document.caption = text;
      await freeForm({ type: "document", document });
      if (!useTemplate) continue;
    }
    if (template && values) {
      sent.push(
        messageIdOf(
          await callGraph(config, "/messages", {
            ...base,
            ...templateMessage(template, values, { id: mediaId, filename: file.fileName }),
          }),
        ),
      );
    }
  }
  return {
    via: "whatsapp-cloud",
    providerMessageId: sent.map((one) => one.id).join(","),
    providerStatus: `${sent.map((one) => one.status).join(",")}${
      useTemplate && template ? ` (template ${template.name})` : ""
    }`,
  };
}
