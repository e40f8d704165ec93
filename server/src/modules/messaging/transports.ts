import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { WhatsAppCloudConfig } from "../../config.ts";
import { DeliveryError, type DeliveryResult, type StoredAttachment } from "./delivery.ts";
import type { OutboxMessage } from "./outbox.repository.ts";
import { sendWhatsAppCloud } from "./whatsapp-cloud.ts";

export { DeliveryError, type DeliveryResult, type StoredAttachment };

/** Delivers one message or throws; the outbox worker retries a temporary failure. */
export type Transport = (message: OutboxMessage) => Promise<DeliveryResult>;

export interface Transports {
  email: Transport;
  sms: Transport;
  whatsapp: Transport;
}

export interface TransportConfig {
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  whatsapp?: WhatsAppCloudConfig | undefined;
}

// Bounds on one SMTP conversation (the outbox lease outlasts their sum). SMTP_URL's own query
// (?connectionTimeout=…) overrides them.
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/**
 * DESIGN.md §6: every channel works with no account anywhere. Email goes over SMTP when SMTP_URL
 * is set (smtp:// upgrades with STARTTLS when the server offers it, smtps:// is TLS from the
 * start) and otherwise to `.eml` files in DATA_DIR/outbox. WhatsApp goes through the Business
 * Cloud API when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set; otherwise the user sends it
 * from their own WhatsApp (click-to-chat) and the outbox keeps a copy under outbox/whatsapp.
 * SMS is written to DATA_DIR/outbox/sms until a provider is configured.
 */
export function createTransports(config: TransportConfig): Transports {
  const outboxDir = path.join(config.dataDir, "outbox");
  // nodemailer is loaded on the first mail, not at start (it is a sixth of the start's work).
  let mailer: Promise<Transporter> | undefined;
  const loadMailer = () => {
    mailer ??= import("nodemailer").then(({ default: nodemailer }) =>
      config.smtpUrl
        ? nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: config.smtpUrl })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
    );
    return mailer;
  };

  return {
    async email(message) {
      let info: { message?: Buffer; rejected?: unknown[]; response?: string };
      try {
        info = await (await loadMailer()).sendMail({
          from: senderOf(config.mailFrom, message.from_name),
          ...(message.reply_to ? { replyTo: message.reply_to } : {}),
          to: message.recipient,
          subject: message.subject ?? "",
          text: message.body_text,
          html: message.body_html ?? textToHtml(message.body_text),
          ...(message.attachments ? { attachments: readAttachments(message.attachments) } : {}),
          messageId: `<${message.id}@bahi.local>`,
        });
      } catch (error) {
        throw classifySmtpError(error);
      }
      if (!config.smtpUrl) {
        mkdirSync(outboxDir, { recursive: true });
        writeFileSync(path.join(outboxDir, `${fileStem(message)}.eml`), info.message ?? "");
        return { via: "file" };
      }
      const rejected = (info.rejected ?? []).map(String);
      return {
        via: "smtp",
        providerStatus: rejected.length
          ? `Accepted except ${rejected.join(", ")}`
          : (info.response?.slice(0, 200) ?? "Accepted"),
      };
    },
    async sms(message) {
      writeTextMessage(path.join(outboxDir, "sms"), message);
      return { via: "file" };
    },
    async whatsapp(message) {
      if (config.whatsapp) return sendWhatsAppCloud(config.whatsapp, message);
      writeTextMessage(path.join(outboxDir, "whatsapp"), message);
      return { via: "click-to-chat", handed: true };
    },
  };
}

/**
 * Issue 40: the server's own address (MAIL_FROM: the one SMTP lets it send from) under the
 * organisation's name, so the customer sees who wrote; nodemailer quotes the name.
 */
export function senderOf(
  mailFrom: string,
  fromName: string | null,
): string | { name: string; address: string } {
  if (!fromName) return mailFrom;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return { name: fromName, address };
}

/**
 * Whether the server sends WhatsApp itself (Cloud API configured). When not, the send dialog opens
 * click-to-chat (https://wa.me/<number>?text=…) and the queued message is recorded as handed.
 */
export function sendsWhatsAppByApi(config: { whatsapp?: WhatsAppCloudConfig | undefined }) {
  return Boolean(config.whatsapp);
}

const TEMPORARY_NETWORK_CODES = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/** SMTP's answer decides: 4xx try again, 5xx give up; no connection or a timeout, try again. */
export function classifySmtpError(error: unknown): DeliveryError {
  const detail = error as { responseCode?: number; response?: string; code?: string };
  const message = error instanceof Error ? error.message : String(error);
  if (typeof detail.responseCode === "number") {
    const reason = detail.response ?? message;
    return new DeliveryError(reason, detail.responseCode >= 500);
  }
  if (detail.code && TEMPORARY_NETWORK_CODES.has(detail.code)) {
    return new DeliveryError(`Mail server not reachable: ${message}`, false);
  }
  return new DeliveryError(message, true);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

/** The HTML part of a plain-text message: paragraphs, line breaks and clickable links. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) =>
      escapeHtml(paragraph)
        .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replaceAll("\n", "<br>"),
    )
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join("\n");
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:14px;line-height:1.5">\n${paragraphs}\n</body></html>`;
}

function fileStem(message: OutboxMessage): string {
  return `${message.created_at.replace(/[:.]/g, "-")}-${message.id}`;
}

function writeTextMessage(dir: string, message: OutboxMessage): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${fileStem(message)}.txt`),
    `To: ${message.recipient}\n\n${message.body_text}\n`,
  );
}

export function readAttachments(json: string) {
  const files = JSON.parse(json) as StoredAttachment[];
  return files.map((file) => ({
    filename: file.fileName,
    contentType: file.contentType,
    content: Buffer.from(file.base64, "base64"),
  }));
}
