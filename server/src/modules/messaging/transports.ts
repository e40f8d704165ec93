import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { OutboxMessage } from "./outbox.repository.ts";

/** Delivers one message or throws; the outbox worker retries on a throw. */
export type Transport = (message: OutboxMessage) => Promise<void>;

export interface Transports {
  email: Transport;
  sms: Transport;
  whatsapp: Transport;
}

export interface TransportConfig {
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
}

/**
 * DESIGN.md §6: every channel works with no account anywhere. Email goes over SMTP when SMTP_URL
 * is set and otherwise to `.eml` files in DATA_DIR/outbox; SMS and WhatsApp are written to
 * DATA_DIR/outbox/<channel>/ until a provider is configured.
 */
export function createTransports(config: TransportConfig): Transports {
  const outboxDir = path.join(config.dataDir, "outbox");
  // nodemailer is loaded on the first mail, not at start (it is a sixth of the start's work).
  let mailer: Promise<Transporter> | undefined;
  const loadMailer = () => {
    mailer ??= import("nodemailer").then(({ default: nodemailer }) =>
      config.smtpUrl
        ? nodemailer.createTransport(config.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
    );
    return mailer;
  };

  return {
    async email(message) {
      const info = await (await loadMailer()).sendMail({
        from: config.mailFrom,
        to: message.recipient,
        subject: message.subject ?? "",
        text: message.body_text,
        ...(message.body_html ? { html: message.body_html } : {}),
        ...(message.attachments ? { attachments: readAttachments(message.attachments) } : {}),
        messageId: `<${message.id}@bahi.local>`,
      });
      if (!config.smtpUrl) {
        mkdirSync(outboxDir, { recursive: true });
        const raw = (info as unknown as { message: Buffer }).message;
        writeFileSync(path.join(outboxDir, `${fileStem(message)}.eml`), raw);
      }
    },
    async sms(message) {
      writeTextMessage(path.join(outboxDir, "sms"), message);
    },
    async whatsapp(message) {
      writeTextMessage(path.join(outboxDir, "whatsapp"), message);
    },
  };
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

function readAttachments(json: string) {
  const files = JSON.parse(json) as { fileName: string; contentType: string; base64: string }[];
  return files.map((file) => ({
    filename: file.fileName,
    contentType: file.contentType,
    content: Buffer.from(file.base64, "base64"),
  }));
}
