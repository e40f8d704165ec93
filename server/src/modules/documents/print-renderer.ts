import { Worker } from "node:worker_threads";
import { AppError } from "../../http/errors.ts";
import { workerModuleUrl } from "../../lib/worker-url.ts";
import { DOWNLOAD_TOO_LARGE } from "../exports/render-in-worker.ts";
import type { PrintDocument } from "./print-model.ts";
import type { StatementDocument } from "./statement.ts";
import type { TdsCertificateDocument } from "./tds-certificate.ts";

// A single document renders in a few milliseconds once pdfmake and its fonts are loaded, so
// unlike list downloads (a new worker each, decision 015) one long-lived worker renders every
// document, in turn, off the request thread; it is started on first use and again after a crash.
// Its heap has its own ceiling (BAHI_DOCUMENT_HEAP_MB), so a huge document fails alone.

interface Pending {
  resolve: (bytes: Buffer) => void;
  reject: (error: unknown) => void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/**
 * The document worker's heap ceiling (BAHI_DOCUMENT_HEAP_MB, default 128): one document at a time
 * needs little (a 100-line invoice lays out in a few MB), and V8 lets a heap with a high ceiling
 * grow far past what is live, which the serving process's resident memory would carry (measured:
 * +167 MB with 2 GB, +80 MB with 96 MB). A document too large for it is refused with 413.
 */
function workerHeapMb(): number {
  const configured = Number(process.env.BAHI_DOCUMENT_HEAP_MB);
  return Number.isInteger(configured) && configured >= 64 ? configured : 128;
}

function failAll(error: unknown) {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

/** An idle worker ends after this long, giving its memory back; the next document starts one. */
const IDLE_MS = 60_000;
let idleTimer: NodeJS.Timeout | undefined;
const stopped = new WeakSet<Worker>();

function startWorker(): Worker {
  const started = new Worker(workerModuleUrl("print-worker", import.meta.url), {
    // A small young generation, as the server's own (decision 015): a document's garbage is
    // short-lived, and a large nursery only raises the serving process's resident memory.
    resourceLimits: { maxOldGenerationSizeMb: workerHeapMb(), maxYoungGenerationSizeMb: 4 },
  });
  started.on("message", (message: { id: number; bytes?: Uint8Array; error?: string }) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.bytes) {
      const { bytes } = message;
      waiting.resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } else {
      waiting.reject(new Error(message.error ?? "The document could not be rendered."));
    }
    if (pending.size === 0) {
      started.unref();
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        if (worker === started && pending.size === 0) void stopDocumentRenderer();
      }, IDLE_MS);
      idleTimer.unref();
    }
  });
  started.on("error", (error: NodeJS.ErrnoException) => {
    if (worker === started) worker = null;
    failAll(
      error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new AppError(413, DOWNLOAD_TOO_LARGE) : error,
    );
  });
  started.on("exit", (code) => {
    if (worker === started) worker = null;
    // Ended on purpose (idle, or shut down) with nothing waiting: no request to fail.
    if (stopped.has(started)) return;
    failAll(new Error(`The document renderer stopped (exit ${code}).`));
  });
  started.unref();
  return started;
}

/** The PDF of one document, laid out in the document worker. */
export function renderDocumentPdf(document: PrintDocument): Promise<Buffer> {
  return send({ kind: "document", document });
}

/** An account statement, laid out in the document worker. */
export function renderStatementDocumentPdf(statement: StatementDocument): Promise<Buffer> {
  return send({ kind: "statement", statement });
}

/** A deductee's TDS certificate (issue 39), laid out in the document worker. */
export function renderTdsCertificateDocumentPdf(
  certificate: TdsCertificateDocument,
): Promise<Buffer> {
  return send({ kind: "tdsCertificate", certificate });
}

function send(
  request:
    | { kind: "document"; document: PrintDocument }
    | { kind: "statement"; statement: StatementDocument }
    | { kind: "tdsCertificate"; certificate: TdsCertificateDocument },
): Promise<Buffer> {
  clearTimeout(idleTimer);
  worker ??= startWorker();
  const current = worker;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // A waiting render keeps the process alive; an idle worker does not.
    current.ref();
    current.postMessage({ id, ...request });
  });
}

/** Ends the worker (tests and shutdown); the next render starts a new one. */
export async function stopDocumentRenderer(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) {
    stopped.add(current);
    failAll(new Error("The document renderer was stopped."));
    await current.terminate();
  }
}
