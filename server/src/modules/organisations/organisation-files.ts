import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { newId } from "../../lib/ids.ts";
import type { ImageKind } from "./settings.schemas.ts";

export type ImageType = { mimeType: "image/png" | "image/jpeg" | "image/webp"; extension: string };

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

/**
 * The image type the bytes themselves say, whatever the name or the browser claim: a text file
 * renamed logo.png is refused, and nothing but these three is ever served back from our origin.
 */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mimeType: "image/png", extension: "png" };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mimeType: "image/jpeg", extension: "jpg" };
  const riff = [0x52, 0x49, 0x46, 0x46];
  const webp = [0x57, 0x45, 0x42, 0x50];
  if (startsWith(bytes, riff) && startsWith(bytes, webp, 8)) {
    return { mimeType: "image/webp", extension: "webp" };
  }
  return null;
}

/** What organisations.settings keeps of an uploaded image. */
export interface StoredImage {
  fileName: string;
  mimeType: ImageType["mimeType"];
  size: number;
  uploadedAt: string;
}

function organisationFolder(dataDir: string, organisationId: string): string {
  // Organisation ids are ours (UUIDv7); refuse anything else rather than build a path from it.
  if (!/^[\w-]{1,64}$/.test(organisationId)) throw new Error("Unexpected organisation id.");
  return path.join(dataDir, "files", organisationId);
}

/** Writes under a fresh name, so a failed save never overwrites the image in use. */
export async function writeImage(
  dataDir: string,
  organisationId: string,
  kind: ImageKind,
  bytes: Buffer,
  type: ImageType,
  uploadedAt: string,
): Promise<StoredImage> {
  const folder = organisationFolder(dataDir, organisationId);
  await mkdir(folder, { recursive: true });
  const fileName = `${kind}-${newId()}.${type.extension}`;
  await writeFile(path.join(folder, fileName), bytes, { flag: "wx" });
  return { fileName, mimeType: type.mimeType, size: bytes.length, uploadedAt };
}

export async function readImage(
  dataDir: string,
  organisationId: string,
  image: StoredImage,
): Promise<Buffer | null> {
  try {
    return await readFile(path.join(organisationFolder(dataDir, organisationId), image.fileName));
  } catch {
    return null;
  }
}

export async function deleteImage(dataDir: string, organisationId: string, image: StoredImage) {
  if (!/^[\w.-]+$/.test(image.fileName)) return;
  await rm(path.join(organisationFolder(dataDir, organisationId), image.fileName), { force: true });
}
