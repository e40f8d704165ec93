import type { TransactionPdfQuery } from "@bahi/domain";
import type { Caller } from "../access/caller.ts";
import type { ModuleDeps } from "../module-deps.ts";

/**
 * GET /getpdf/transactionpdf with format=email|whatsapp is the sending module's (issue 22). Sending
 * reads documents, so documents never import it back (issue 34): the sending module registers
 * its answer here when its routes are registered; without one, every format downloads.
 */
export type SendDocument = (
  deps: ModuleDeps,
  caller: Caller,
  query: TransactionPdfQuery,
) => Promise<unknown>;

// One: every app built in one process (the tests build many) registers the same function.
let sendDocument: SendDocument | undefined;

export function answerDocumentSendWith(send: SendDocument): void {
  sendDocument = send;
}

export function documentSender(): SendDocument | undefined {
  return sendDocument;
}
