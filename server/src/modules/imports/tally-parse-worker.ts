import { parentPort, workerData } from "node:worker_threads";
import { readWhileWritten, type WritingState } from "./file-being-written.ts";
import type { Node } from "./tally-node.ts";
import type { TallyParseMessage, TallyParseRequest, TallyReaderNote } from "./tally-stream.ts";
import { readTallyVoucher, TALLY_VOUCHER_FIELDS } from "./tally-voucher-reader.ts";
import {
  streamTallyXml,
  TALLY_READ_CHUNK_BYTES,
  type TallyStreamOptions,
  TallyStreamProblem,
} from "./tally-xml-stream.ts";

// One pass over a Tally export in its own thread (tally-stream.ts): the masters and the count of
// vouchers, or the vouchers in batches, read a few batches ahead of the main thread. A file still
// being uploaded is read as it arrives (file-being-written.ts); the main thread says when it is
// complete.
// Each voucher is read here (tally-voucher-reader.ts) from only the elements the reader looks at:
// the main thread gets its lines, not its XML. A batch goes as each voucher's JSON text, written
// as the voucher is read, so that the batch holds no strings cut from the file's text (a cut
// string keeps the whole chunk it came from alive until the batch is sent).
const request = workerData as TallyParseRequest;
const port = parentPort;
const post = (message: TallyParseMessage) => port?.postMessage(message);

let writing: WritingState = request.growing ? "writing" : "complete";
// Batches sent and not yet taken by the main thread: the reading waits while there are
// `readAhead` of them, so the file is read ahead of the saving by that much and no more.
let waiting = 0;
let resume: (() => void) | null = null;
port?.on("message", (note: TallyReaderNote) => {
  if (note !== "taken") {
    writing = note;
    return;
  }
  waiting -= 1;
  const wake = resume;
  resume = null;
  wake?.();
});

const read = (options: TallyStreamOptions) =>
  streamTallyXml(
    readWhileWritten(request.path, () => writing, TALLY_READ_CHUNK_BYTES),
    {
      ...options,
      heapLimitBytes: request.heapMb * 1024 * 1024,
    },
  );

try {
  if (request.mode === "masters") {
    const readMasters = async (skim: boolean) => {
      const masters: Record<string, Node[]> = {};
      const result = await read({
        collect: new Set(request.masterTags),
        count: new Set(["VOUCHER"]),
        ...(skim ? { skimFrom: "VOUCHER" } : {}),
        onNode: (tag, node) => {
          masters[tag] ??= [];
          masters[tag].push(node);
        },
      });
      return { masters, ...result };
    };
    let found = await readMasters(true);
    // A master after the vouchers (rare): the whole file is read for them.
    if (found.skimFound) found = await readMasters(false);
    post({ kind: "masters", masters: found.masters, vouchers: found.counts.get("VOUCHER") ?? 0 });
  } else {
    let batch: string[] = [];
    const send = async () => {
      post({ kind: "batch", vouchers: batch });
      batch = [];
      waiting += 1;
      while (waiting >= request.readAhead)
        await new Promise<void>((wake) => {
          resume = wake;
        });
    };
    await read({
      collect: new Set(["VOUCHER"]),
      keep: TALLY_VOUCHER_FIELDS,
      onNode: (_tag, node) => {
        batch.push(JSON.stringify(readTallyVoucher(node)));
        return batch.length >= request.batchSize ? send() : undefined;
      },
    });
    if (batch.length > 0) await send();
    post({ kind: "end" });
  }
} catch (error) {
  if (error instanceof TallyStreamProblem) post({ kind: "problem", problem: error.kind });
  else throw error;
}
