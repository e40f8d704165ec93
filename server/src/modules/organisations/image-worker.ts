import "../../lib/heavy-work/lower-thread-priority.ts";
import { type ImageType, reencodeImage } from "./organisation-files.ts";

// The image job of the heavy-work pool (decision 320): a logo or signature decoded and written
// anew off the request thread (reencodeImageOnPool in organisation-files.ts).

export function reencode(request: {
  bytes: Uint8Array;
  type: ImageType;
}): { bytes: Uint8Array } | { error: string } {
  try {
    const { bytes } = request;
    const body = reencodeImage(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      request.type,
    );
    // A logo is small: copied back, not transferred.
    return { bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
