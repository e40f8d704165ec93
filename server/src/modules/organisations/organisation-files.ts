import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import type { FileStore } from "../../db/file-store.ts";
import { newId } from "../../lib/ids.ts";
import type { ImageKind } from "./settings.schemas.ts";

export type ImageType = { mimeType: "image/png" | "image/jpeg"; extension: string };

/** Stored images written before uploads were limited to PNG and JPEG may still be WebP. */
export type StoredImageMimeType = ImageType["mimeType"] | "image/webp";

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

/**
 * The image type the bytes themselves say, whatever the name or the browser claim: a text file
 * renamed logo.png is refused. PNG and JPEG only: what a printed document can draw (issue 21).
 */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mimeType: "image/png", extension: "png" };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mimeType: "image/jpeg", extension: "jpg" };
  return null;
}

/** A logo or signature needs no more; a larger one is refused before it is decoded. */
export const MAX_IMAGE_PIXELS_SIDE = 2000;

export class UnreadableImageError extends Error {}

/**
 * The image decoded and written anew (pngjs, jpeg-js): what is stored and served is pixels we
 * encoded, never the uploaded bytes (no hidden chunks, no polyglot files), and a file that only
 * starts like an image is refused.
 */
export function reencodeImage(bytes: Buffer, type: ImageType): Buffer {
  try {
    if (type.mimeType === "image/png") {
      // IHDR: width and height are the two big-endian words after the signature and chunk head.
      const width = bytes.length >= 24 ? bytes.readUInt32BE(16) : 0;
      const height = bytes.length >= 24 ? bytes.readUInt32BE(20) : 0;
      if (width > MAX_IMAGE_PIXELS_SIDE || height > MAX_IMAGE_PIXELS_SIDE) {
        throw new UnreadableImageError("too large");
      }
      const image = PNG.sync.read(bytes);
      return PNG.sync.write(image, { colorType: 6 });
    }
    const image = jpeg.decode(bytes, {
      useTArray: true,
      maxResolutionInMP: (MAX_IMAGE_PIXELS_SIDE * MAX_IMAGE_PIXELS_SIDE) / 1_000_000,
      maxMemoryUsageInMB: 64,
    });
    if (image.width > MAX_IMAGE_PIXELS_SIDE || image.height > MAX_IMAGE_PIXELS_SIDE) {
      throw new UnreadableImageError("too large");
    }
    return Buffer.from(jpeg.encode(image, 90).data);
  } catch (error) {
    if (error instanceof UnreadableImageError) throw error;
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}

/** What organisations.settings keeps of an uploaded image. */
export interface StoredImage {
  fileName: string;
  mimeType: StoredImageMimeType;
  size: number;
  uploadedAt: string;
}

/** Writes under a fresh name, so a failed save never overwrites the image in use. */
export async function writeImage(
  files: FileStore,
  organisationId: string,
  kind: ImageKind,
  bytes: Buffer,
  type: ImageType,
  uploadedAt: string,
): Promise<StoredImage> {
  const fileName = `${kind}-${newId()}.${type.extension}`;
  await files.put(organisationId, fileName, bytes, type.mimeType);
  return { fileName, mimeType: type.mimeType, size: bytes.length, uploadedAt };
}

/** The image's bytes from the file store (the database, or DATA_DIR for older files). */
export async function readImage(
  files: FileStore,
  organisationId: string,
  image: StoredImage,
): Promise<Buffer | null> {
  try {
    return (await files.get(organisationId, image.fileName))?.bytes ?? null;
  } catch {
    return null;
  }
}

export async function deleteImage(files: FileStore, organisationId: string, image: StoredImage) {
  if (!/^[\w.-]+$/.test(image.fileName)) return;
  await files.delete(organisationId, image.fileName);
}
