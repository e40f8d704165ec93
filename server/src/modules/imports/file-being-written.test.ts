import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, test } from "vitest";
import { FileBeingWritten, readWhileWritten, UploadAbandoned } from "./file-being-written.ts";

// Decision 430: an upload's file is read while the route is still writing it.

const folder = mkdtempSync(path.join(tmpdir(), "bahi-being-written-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const newFile = () => {
  const file = path.join(folder, `f${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, "");
  return new FileBeingWritten(file);
};

/** Every chunk the reader gives, copied (a chunk is valid only until the next is asked for). */
async function readAll(file: FileBeingWritten, chunkBytes: number, onChunk?: () => void) {
  const chunks: Buffer[] = [];
  for await (const chunk of readWhileWritten(file.path, () => file.state, chunkBytes)) {
    chunks.push(Buffer.from(chunk));
    onChunk?.();
  }
  return Buffer.concat(chunks);
}

describe("readWhileWritten", () => {
  test("follows a file while it is written, and ends once it is complete", async () => {
    const file = newFile();
    const pieces = Array.from({ length: 6 }, (_, index) => Buffer.alloc(700 + index, 65 + index));
    let readBeforeComplete = 0;
    const reading = readAll(file, 512, () => {
      if (file.state === "writing") readBeforeComplete += 1;
    });
    for (const piece of pieces) {
      appendFileSync(file.path, piece);
      await sleep(15);
    }
    file.complete();
    const read = await reading;
    expect(read.equals(Buffer.concat(pieces))).toBe(true);
    // It read as the file arrived, not after.
    expect(readBeforeComplete).toBeGreaterThan(3);
  });

  test("reads what was written after its last look once the file is complete", async () => {
    const file = newFile();
    const reading = readAll(file, 64);
    await sleep(20);
    appendFileSync(file.path, "the last bytes");
    file.complete();
    expect((await reading).toString()).toBe("the last bytes");
  });

  test("an abandoned upload ends its reader with UploadAbandoned", async () => {
    const file = newFile();
    appendFileSync(file.path, "half of a file");
    const reading = readAll(file, 4);
    await sleep(20);
    file.abandon();
    await expect(reading).rejects.toBeInstanceOf(UploadAbandoned);
  });

  test("a complete file is read whole, in chunks of the size asked", async () => {
    const file = newFile();
    appendFileSync(file.path, Buffer.alloc(1000, 7));
    file.complete();
    const sizes: number[] = [];
    for await (const chunk of readWhileWritten(file.path, () => file.state, 300))
      sizes.push(chunk.length);
    expect(sizes).toEqual([300, 300, 300, 100]);
  });

  test("the end is told once, to listeners present and to those that come after", () => {
    const file = newFile();
    const heard: string[] = [];
    file.onEnd((state) => heard.push(`first ${state}`));
    const unlisten = file.onEnd((state) => heard.push(`gone ${state}`));
    unlisten();
    file.complete();
    file.abandon();
    file.onEnd((state) => heard.push(`late ${state}`));
    expect(heard).toEqual(["first complete", "late complete"]);
    expect(file.state).toBe("complete");
  });
});
