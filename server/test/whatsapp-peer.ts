import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A local peer that answers as the WhatsApp Business Cloud API documents (issue 22):
// POST /{version}/{phone-number-id}/media (multipart: messaging_product, type, file) → { id },
// POST /{version}/{phone-number-id}/messages (JSON) → { messaging_product, contacts, messages },
// errors as { error: { message, type, code, error_data, fbtrace_id } }.

export const PEER_TOKEN = "test-whatsapp-token";
export const PEER_PHONE_NUMBER_ID = "106540352242922";

export interface UploadedMedia {
  id: string;
  messagingProduct: string | null;
  type: string | null;
  fileName: string;
  bytes: Buffer;
}

export interface WhatsAppPeer {
  apiUrl: string;
  media: UploadedMedia[];
  messages: Record<string, unknown>[];
  /**
   * The customer's 24-hour window is closed for this number (digits as sent): any message but an
   * approved template is refused with code 131047, as WhatsApp does.
   */
  closeWindow(to: string): void;
  /** Answers for the next requests, whatever they are, in order. */
  failNext(...answers: { status: number; code: number; message: string; details?: string }[]): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startWhatsAppPeer(): Promise<WhatsAppPeer> {
  const media: UploadedMedia[] = [];
  const messages: Record<string, unknown>[] = [];
  const failures: { status: number; code: number; message: string; details?: string }[] = [];
  const closed = new Set<string>();
  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, code: number, message: string, details?: string) =>
      answer(status, {
        error: {
          message,
          type: "OAuthException",
          code,
          ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
          fbtrace_id: "AbCdEf123",
        },
      });
    void (async () => {
      const body = await readBody(request);
      if (request.headers.authorization !== `Bearer ${PEER_TOKEN}`) {
        return error(401, 190, "Invalid OAuth access token - Cannot parse access token");
      }
      const failure = failures.shift();
      if (failure) return error(failure.status, failure.code, failure.message, failure.details);
      const base = `/v24.0/${PEER_PHONE_NUMBER_ID}`;
      if (request.method === "POST" && request.url === `${base}/media`) {
        const form = await new Response(new Uint8Array(body), {
          headers: { "content-type": request.headers["content-type"] ?? "" },
        }).formData();
        const file = form.get("file");
        if (!(file instanceof Blob))
          return error(400, 100, "(#100) The parameter file is required.");
        const id = `${4490709327384033 + media.length}`;
        media.push({
          id,
          messagingProduct: form.get("messaging_product") as string | null,
          type: form.get("type") as string | null,
          fileName: (file as File).name,
          bytes: Buffer.from(await file.arrayBuffer()),
        });
        return answer(200, { id });
      }
      if (request.method === "POST" && request.url === `${base}/messages`) {
        const json = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
        if (json.messaging_product !== "whatsapp") {
          return error(400, 100, "(#100) The parameter messaging_product is required.");
        }
        const to = String(json.to);
        if (closed.has(to) && json.type !== "template") {
          return error(
            400,
            131047,
            "(#131047) Re-engagement message",
            "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
          );
        }
        if (json.type === "template") {
          const template = json.template as { name?: string; language?: { code?: string } };
          if (!template?.name || !template.language?.code) {
            return error(
              400,
              132000,
              "(#132000) Number of parameters does not match the expected number of params",
            );
          }
        }
        messages.push(json);
        return answer(200, {
          messaging_product: "whatsapp",
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: `wamid.HBgM${messages.length}`, message_status: "accepted" }],
        });
      }
      return error(404, 100, "Unsupported post request.");
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/v24.0`,
    media,
    messages,
    closeWindow: (to) => closed.add(to),
    failNext: (...answers) => failures.push(...answers),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
