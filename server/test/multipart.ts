// A multipart/form-data body for app.inject(): text fields and files, as a browser sends them.

export interface FormFile {
  field: string;
  fileName: string;
  bytes: Buffer | string;
  contentType?: string;
}

export function buildMultipart(
  fields: Record<string, string>,
  files: readonly FormFile[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bahi-test-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType ?? "application/octet-stream"}\r\n\r\n`,
      ),
      typeof file.bytes === "string" ? Buffer.from(file.bytes) : file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
