import { open } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

// An upload is read while it is still arriving (issue 36, decision 430): the route writes the
// file part to a temporary file, and the Tally readers (worker threads) follow the file behind
// the writer instead of waiting for the whole upload. Whatever a read returns is already in the
// file, so the text read is the upload's text; the readers learn that the file is complete, or
// abandoned (a refused or broken upload), from the route.

export type WritingEnd = "complete" | "abandoned";
export type WritingState = "writing" | WritingEnd;

export class UploadAbandoned extends Error {
  constructor() {
    super("The upload ended before the file was complete.");
  }
}

/** The route's side: a temporary file being written, and who wants to know how it ends. */
export class FileBeingWritten {
  readonly path: string;
  #state: WritingState = "writing";
  readonly #listeners = new Set<(state: WritingEnd) => void>();

  constructor(path: string) {
    this.path = path;
  }

  get state(): WritingState {
    return this.#state;
  }

  /** Calls `listener` once, when the file is complete or abandoned (at once if it already is). */
  onEnd(listener: (state: WritingEnd) => void): () => void {
    if (this.#state !== "writing") {
      listener(this.#state);
      return () => undefined;
    }
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  complete(): void {
    this.#end("complete");
  }

  abandon(): void {
    this.#end("abandoned");
  }

  #end(state: WritingEnd) {
    if (this.#state !== "writing") return;
    this.#state = state;
    for (const listener of this.#listeners) listener(state);
    this.#listeners.clear();
  }
}

/** How long a reader that has caught up with the writer waits before looking again. */
const CATCH_UP_WAIT_MS = 5;

/**
 * The file at `path` from its start, `chunkBytes` at a time, while `state()` says it is being
 * written: at its current end the reader waits for more until the state is complete (then it
 * reads what is left and ends) or abandoned (then it throws UploadAbandoned). A file already
 * complete is read the same way. Every chunk is a view of one buffer, valid until the next is
 * asked for: a file of hundreds of megabytes read into a new buffer a chunk would make V8 collect
 * its whole heap for the memory outside it (external memory pressure).
 */
export async function* readWhileWritten(
  path: string,
  state: () => WritingState,
  chunkBytes: number,
): AsyncGenerator<Uint8Array> {
  const handle = await open(path, "r");
  const buffer = Buffer.allocUnsafeSlow(chunkBytes);
  try {
    let position = 0;
    for (;;) {
      // What the writer had finished before this read: read to the end after "complete".
      const before = state();
      if (before === "abandoned") throw new UploadAbandoned();
      const { bytesRead } = await handle.read(buffer, 0, chunkBytes, position);
      if (bytesRead > 0) {
        position += bytesRead;
        yield buffer.subarray(0, bytesRead);
        continue;
      }
      if (before === "complete") return;
      await sleep(CATCH_UP_WAIT_MS);
    }
  } finally {
    await handle.close();
  }
}
