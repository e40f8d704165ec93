import { Worker } from "node:worker_threads";
import { TALLY_MESSAGES } from "@bahi/domain";
import { AppError, badRequest } from "../../http/errors.ts";
import { workerModuleUrl } from "../../lib/worker-url.ts";
import type { FileBeingWritten, WritingEnd } from "./file-being-written.ts";
import type { TallyNodes } from "./tally-import.service.ts";
import type { Node } from "./tally-node.ts";
import type { TallyVoucher } from "./tally-voucher-reader.ts";
import type { TallyStreamError } from "./tally-xml-stream.ts";

// A Tally export on disk (the upload, streamed to a temporary file) read off the main thread
// (issue 36): a first pass gives the masters and the count of vouchers, a second the vouchers in
// batches of `TALLY_VOUCHER_BATCH`, the next parsed while the last is planned, so neither the file
// nor all its vouchers' XML is ever held. Each pass is a worker thread with a heap of its own
// (BAHI_TALLY_PARSE_HEAP_MB, default 256 MB, which the worker also checks itself: the server's
// process-wide ceiling overrides a worker's own): a file too much for it fails alone, with a
// message.
// Both passes start while the file is still being uploaded and follow it as it arrives
// (decision 430): by the end of the upload the masters are read and the first vouchers parsed.

export const TALLY_MASTER_TAGS = ["GROUP", "LEDGER", "STOCKITEM", "VOUCHERTYPE"] as const;
/** Vouchers a batch: their lines (a few hundred bytes a voucher), some 20 ms to plan. */
export const TALLY_VOUCHER_BATCH = 200;
/**
 * Batches read ahead of the saving: the vouchers are read while the masters are (the reader
 * starts with them) and while the main thread saves, some 2 MB of lines held at most.
 */
export const TALLY_READ_AHEAD = 10;

export const TALLY_STREAM_MESSAGES = {
  tooBig: "This Tally export is too large for the server to read; export fewer vouchers at a time.",
} as const;

/** Which pass a parsing worker makes over the file. */
type TallyParsePass =
  | { mode: "masters"; masterTags: readonly string[] }
  | { mode: "vouchers"; batchSize: number; readAhead: number };

export type TallyParseRequest = { path: string; growing: boolean; heapMb: number } & TallyParsePass;

/** To a reader: a batch was taken, or how the upload it follows ended. */
export type TallyReaderNote = "taken" | WritingEnd;

export type TallyParseMessage =
  | { kind: "masters"; masters: Record<string, Node[]>; vouchers: number }
  /** Each voucher's JSON text. */
  | { kind: "batch"; vouchers: string[] }
  | { kind: "end" }
  | { kind: "problem"; problem: TallyStreamError };

export function tallyParseHeapMb(): number {
  const configured = Number(process.env.BAHI_TALLY_PARSE_HEAP_MB);
  return Number.isInteger(configured) && configured >= 32 ? configured : 256;
}

/** Parsing workers started and not yet exited. */
let running = 0;

/** How many Tally parsing workers are running (every reader ends with its import or upload). */
export function tallyReadersRunning(): number {
  return running;
}

/** A file by its path (complete), or one still being written. */
export type TallyFile = string | FileBeingWritten;

function startWorker(file: TallyFile, request: TallyParsePass): Worker {
  const growing = typeof file !== "string" && file.state === "writing";
  const worker = new Worker(workerModuleUrl("tally-parse-worker", import.meta.url), {
    workerData: {
      ...request,
      path: typeof file === "string" ? file : file.path,
      growing,
      heapMb: tallyParseHeapMb(),
    } satisfies TallyParseRequest,
    resourceLimits: {
      maxOldGenerationSizeMb: tallyParseHeapMb(),
    },
  });
  running += 1;
  worker.once("exit", () => {
    running -= 1;
  });
  // A reader stopped early (a refused upload) may still fail as it ends: nobody waits for it.
  worker.on("error", () => undefined);
  if (growing) {
    const stopListening = (file as FileBeingWritten).onEnd((state) =>
      worker.postMessage(state satisfies TallyReaderNote),
    );
    worker.once("exit", stopListening);
  }
  return worker;
}

function failure(message: TallyParseMessage | NodeJS.ErrnoException): Error {
  if ("kind" in message && message.kind === "problem") {
    if (message.problem === "tooBig") return new AppError(413, TALLY_STREAM_MESSAGES.tooBig);
    return badRequest(
      message.problem === "doctype" ? TALLY_MESSAGES.doctype : TALLY_MESSAGES.notTally,
    );
  }
  if ((message as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY")
    return new AppError(413, TALLY_STREAM_MESSAGES.tooBig);
  return message instanceof Error ? message : new Error("The Tally reader stopped.");
}

export interface TallyMastersRead {
  found: TallyNodes;
  vouchers: number;
}

/** The masters of the export by tag, and how many vouchers it has; `stop` ends the reading. */
export function readTallyMasters(file: TallyFile): {
  masters: Promise<TallyMastersRead>;
  stop: () => void;
} {
  let stop: () => void = () => undefined;
  const masters = new Promise<TallyMastersRead>((resolve, reject) => {
    const worker = startWorker(file, { mode: "masters", masterTags: TALLY_MASTER_TAGS });
    stop = () => {
      void worker.terminate();
      reject(new Error("The Tally reader was stopped."));
    };
    let answered = false;
    worker.once("message", (message: TallyParseMessage) => {
      answered = true;
      void worker.terminate();
      if (message.kind !== "masters") return reject(failure(message));
      resolve({ found: new Map(Object.entries(message.masters)), vouchers: message.vouchers });
    });
    worker.once("error", (error) => {
      answered = true;
      reject(failure(error));
    });
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`The Tally reader stopped (exit ${code}).`));
    });
  });
  // Settled whether or not anyone waits for it (a refused upload stops it unread).
  masters.catch(() => undefined);
  return { masters, stop: () => stop() };
}

/**
 * The vouchers of the export, read in a worker that starts at once (alongside the masters'
 * pass), a batch at a time. `stop` ends the reading when the batches are not wanted.
 */
export function readTallyVouchers(
  file: TallyFile,
  batchSize = TALLY_VOUCHER_BATCH,
): { batches: AsyncGenerator<TallyVoucher[]>; stop: () => void } {
  const worker = startWorker(file, {
    mode: "vouchers",
    batchSize,
    readAhead: TALLY_READ_AHEAD,
  });
  const queue: (TallyParseMessage | Error)[] = [];
  let wake: (() => void) | null = null;
  const push = (item: TallyParseMessage | Error) => {
    queue.push(item);
    wake?.();
    wake = null;
  };
  worker.on("message", (message: TallyParseMessage) => push(message));
  worker.once("error", (error) => push(failure(error)));
  worker.once("exit", (code) => push(new Error(`The Tally reader stopped (exit ${code}).`)));
  const stop = () => {
    void worker.terminate();
  };
  async function* batches(): AsyncGenerator<TallyVoucher[]> {
    try {
      for (;;) {
        if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        const item = queue.shift() as TallyParseMessage | Error;
        if (item instanceof Error) throw item;
        if (item.kind === "end") return;
        if (item.kind !== "batch") throw failure(item);
        worker.postMessage("taken" satisfies TallyReaderNote);
        yield item.vouchers.map((voucher) => JSON.parse(voucher) as TallyVoucher);
      }
    } finally {
      stop();
    }
  }
  return { batches: batches(), stop };
}
