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
// vouchers, or the vouchers in batches, each batch sent when the main thread asks for the next.
// Each voucher is read here (tally-voucher-reader.ts) from only the elements the reader looks at:
// the main thread gets its lines, not its XML.
const request = workerData as TallyParseRequest;
const port = parentPort;
const post = (message: TallyParseMessage) => port?.postMessage(message);

let wanted: (() => void) | null = null;
port?.on("message", () => {
  const resume = wanted;
  wanted = null;
  resume?.();
});
const nextWanted = () =>
  new Promise<void>((resolve) => {
    wanted = resolve;
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
      const asked = nextWanted();
      post({ kind: "batch", vouchers: batch });
      batch = [];
      await asked;
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
