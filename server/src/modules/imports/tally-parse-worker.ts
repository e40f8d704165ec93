import { parentPort, workerData } from "node:worker_threads";
import type { Node } from "./tally-node.ts";
import type { TallyParseMessage, TallyParseRequest } from "./tally-stream.ts";
import {
  readTallyVoucher,
  TALLY_VOUCHER_FIELDS,
  type TallyVoucher,
} from "./tally-voucher-reader.ts";
import { streamTallyXml, TallyStreamProblem } from "./tally-xml-stream.ts";

// One pass over a Tally export in its own thread (tally-stream.ts): the masters and the count of
// vouchers, or the vouchers in batches, read a few batches ahead of the main thread.
// Each voucher is read here (tally-voucher-reader.ts) from only the elements the reader looks at:
// the main thread gets its lines, not its XML.
const request = workerData as TallyParseRequest;
const port = parentPort;
const post = (message: TallyParseMessage) => port?.postMessage(message);

// Batches sent and not yet taken by the main thread: the reading waits while there are
// `readAhead` of them, so the file is read ahead of the saving by that much and no more.
let waiting = 0;
let resume: (() => void) | null = null;
port?.on("message", () => {
  waiting -= 1;
  const wake = resume;
  resume = null;
  wake?.();
});
try {
  if (request.mode === "masters") {
    const read = async (skim: boolean) => {
      const masters: Record<string, Node[]> = {};
      const result = await streamTallyXml(request.path, {
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
    let found = await read(true);
    // A master after the vouchers (rare): the whole file is read for them.
    if (found.skimFound) found = await read(false);
    post({ kind: "masters", masters: found.masters, vouchers: found.counts.get("VOUCHER") ?? 0 });
  } else {
    let batch: TallyVoucher[] = [];
    const send = async () => {
      post({ kind: "batch", vouchers: batch });
      batch = [];
      waiting += 1;
      while (waiting >= request.readAhead)
        await new Promise<void>((wake) => {
          resume = wake;
        });
    };
    await streamTallyXml(request.path, {
      collect: new Set(["VOUCHER"]),
      keep: TALLY_VOUCHER_FIELDS,
      onNode: (_tag, node) => {
        batch.push(readTallyVoucher(node));
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
