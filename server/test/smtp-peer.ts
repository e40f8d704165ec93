import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP server for the delivery tests (issue 22): it receives mail over a socket, parses
// each message with mailparser, and answers a queue of scripted refusals first.

export interface ReceivedMail {
  parsed: ParsedMail;
  envelopeTo: string[];
  secure: boolean;
}

export interface SmtpPeer {
  port: number;
  received: ReceivedMail[];
  /** Replies to give to the next DATA commands, in order: 451 try later, 550 refused… */
  refuseNext(...replies: { code: number; message: string }[]): void;
  close(): Promise<void>;
  /** Listens again on the same port after close() (a mail server coming back). */
  reopen(): Promise<void>;
}

export async function startSmtpPeer(
  options: { tls?: "none" | "starttls" | "implicit"; port?: number } = {},
): Promise<SmtpPeer> {
  const mode = options.tls ?? "none";
  const received: ReceivedMail[] = [];
  const refusals: { code: number; message: string }[] = [];
  const make = () =>
    new SMTPServer({
      secure: mode === "implicit",
      authOptional: true,
      disabledCommands: mode === "none" ? ["STARTTLS", "AUTH"] : ["AUTH"],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const refusal = refusals.shift();
            if (refusal) {
              callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
              return;
            }
            received.push({
              parsed,
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              secure: session.secure,
            });
            callback();
          })
          .catch(callback);
      },
    });
  let server = make();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        resolve((server.server.address() as AddressInfo).port);
      });
    });
  const port = await listen(options.port ?? 0);
  return {
    port,
    received,
    refuseNext: (...replies) => refusals.push(...replies),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async reopen() {
      server = make();
      await listen(port);
    },
  };
}
