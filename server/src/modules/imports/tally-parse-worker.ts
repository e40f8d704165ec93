import { parentPort, workerData } from "node:worker_threads";
import type { Node } from "./tally-import.service.ts";
import type { TallyParseMessage, TallyParseRequest } from "./tally-stream.ts";
import { streamTallyXml, TallyStreamProblem } from "./tally-xml-stream.ts";

// One pass over a Tally export in its own thread (tally-stream.ts): the masters and the count of
// vouchers, or the vouchers in batches, each batch sent when the main thread asks for the next.
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
    const masters: Record<string, Node[]> = {};
    const counts = await streamTallyXml(request.path, {
      collect: new Set(request.masterTags),
      count: new Set(["VOUCHER"]),
      onNode: (tag, node) => {
        masters[tag] ??= [];
        masters[tag].push(node);
      },
    });
    post({ kind: "masters", masters, vouchers: counts.get("VOUCHER") ?? 0 });
  } else {
    let batch: Node[] = [];
    const send = async () => {
      const asked = nextWanted();
      post({ kind: "batch", nodes: batch });
      batch = [];
      await asked;
    };
    await streamTallyXml(request.path, {
      collect: new Set(["VOUCHER"]),
      onNode: (_tag, node) => {
        batch.push(node);
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
