import { AppError } from "../../http/errors.ts";
import { HeavyJobTooLarge, runHeavyJob } from "../../lib/heavy-work/pool.ts";
import { workerModuleUrl } from "../../lib/worker-url.ts";
import { type ImageType, UnreadableImageError } from "./organisation-files.ts";

/**
 * reencodeImage on the heavy-work pool (decision 320): decoding a 2000 × 2000 image takes the
 * serving thread a noticeable while. Throws UnreadableImageError as reencodeImage does; the pool's
 * own refusals (429, 503) as they are.
 */
export async function reencodeImageOnPool(
  organisationId: string,
  bytes: Buffer,
  type: ImageType,
): Promise<Buffer> {
  let answer: { bytes: Uint8Array } | { error: string };
  try {
    answer = await runHeavyJob({
      organisationId,
      module: workerModuleUrl("image-worker", import.meta.url),
      name: "reencode",
      payload: { bytes, type },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof HeavyJobTooLarge) throw new UnreadableImageError("too large");
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
  if ("error" in answer) throw new UnreadableImageError(answer.error);
  return Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength);
}
