import { parentPort } from "node:worker_threads";
import type { PrintDocument } from "./print-model.ts";
import { renderPrintPdf } from "./print-pdf.ts";

// The document worker (print-renderer.ts): one message per document, answered with its bytes,
// transferred rather than copied.
parentPort?.on("message", async (message: { id: number; document: PrintDocument }) => {
  try {
    const body = await renderPrintPdf(message.document);
    const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength).slice();
    parentPort?.postMessage({ id: message.id, bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort?.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
