import { PassThrough, Readable } from "node:stream";
import {
  b2csJsonRows,
  buildGstr1AmendmentJson,
  buildGstr1Json,
  emptyGstr1Sections,
  GSTR1_SECTIONS,
  type GstReturnKind,
  type Gstr1Section,
  type Gstr1Sections,
  hasRight,
  RETURN_SEND_SUBJECT,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { ACCESS_MESSAGES } from "../access/organisation-access.ts";
import { writeAuditLog } from "../audit/audit.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { takeSendAllowance } from "../auth/send-limits.ts";
import { enqueueMessage } from "../messaging/outbox.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { type WorkbookSource, writeGstr1Workbook } from "./gst-returns.excel.ts";
import {
  type DocumentSection,
  PAGE_SIZE,
  readSectionPages,
  sumB2csPages,
} from "./gst-returns.pages.ts";
import {
  type ReturnHeader,
  type ReturnQuery,
  readAmendments,
  readDocumentTotals,
  readOriginalMonths,
  readReturnHeader,
  readSummarySections,
  readWarnings,
  refuseFileWithErrors,
} from "./gst-returns.service.ts";

// The GSTR-1 / IFF file (issue 19). Building it from the whole book (buildReturnFile) held every
// document of the month at once: 35,000 invoices took the server from 284 to 627 MB at 1M vouchers.
// Here each document section is read a page at a time in the return's order, each page turned into
// its part of the file by the domain's own builder, and the parts joined as the whole builder
// groups them (by party, place or export type, in order of first appearance); B2C small is summed
// in paise per page. The result is the same file (gst-returns.file.api.test.ts compares them).

/** A section's groups in the file, and the key and list of each group. */
const GROUPED = {
  b2b: ["ctin", "inv"],
  b2cl: ["pos", "inv"],
  exp: ["exp_typ", "inv"],
  cdnr: ["ctin", "nt"],
} as const satisfies Partial<Record<Gstr1Section, readonly [string, string]>>;

const SUMMARY_SECTIONS: readonly Gstr1Section[] = ["nil", "hsn", "doc_issue"];

const EMPTY: Gstr1Sections = emptyGstr1Sections();

/**
 * One document section of the file, as the pieces of its JSON text pushed onto `parts`; false when
 * it has no rows (the section is then left out). Each invoice or note is turned into text as its
 * page is read: the file's tens of thousands of entries are held as short strings, not as trees of
 * objects, and never joined into one copy of the section (decision 059).
 */
async function writeFileSection(
  db: Kysely<Database>,
  header: ReturnHeader,
  section: DocumentSection,
  pageSize: number,
  parts: string[],
): Promise<boolean> {
  const options = { gstin: header.gstin, fp: header.period.fp, only: [section] };
  if (section === "b2cs") {
    const buckets = await sumB2csPages(
      readSectionPages(db, header, section, pageSize),
      header.gstin.slice(0, 2),
    );
    const rows = b2csJsonRows(buckets);
    if (rows.length === 0) return false;
    parts.push(JSON.stringify(rows));
    return true;
  }
  if (section === "cdnur") {
    const notes: string[] = [];
    for await (const { documents, rows } of readSectionPages(db, header, section, pageSize)) {
      const part = buildGstr1Json(documents, { ...EMPTY, cdnur: rows }, options);
      for (const note of (part.cdnur as unknown[] | undefined) ?? [])
        notes.push(JSON.stringify(note));
    }
    if (notes.length === 0) return false;
    pushList(parts, notes);
    return true;
  }
  const [key, list] = GROUPED[section];
  const groups = new Map<unknown, string[]>();
  for await (const { documents, rows } of readSectionPages(db, header, section, pageSize)) {
    const part = buildGstr1Json(documents, { ...EMPTY, [section]: rows }, options);
    for (const group of (part[section] as Record<string, unknown>[] | undefined) ?? []) {
      const items = groups.get(group[key]) ?? [];
      for (const item of group[list] as unknown[]) items.push(JSON.stringify(item));
      groups.set(group[key], items);
    }
  }
  if (groups.size === 0) return false;
  let first = true;
  for (const [value, items] of groups) {
    parts.push(
      `${first ? "[" : ","}{${JSON.stringify(key)}:${JSON.stringify(value)},${JSON.stringify(list)}:`,
    );
    pushList(parts, items);
    parts.push("}");
    first = false;
  }
  parts.push("]");
  return true;
}

/** A JSON array of already written items, as pieces: `[`, the items between commas, `]`. */
function pushList(parts: string[], items: readonly string[]) {
  items.forEach((item, index) => {
    parts.push(index === 0 ? "[" : ",", item);
  });
  parts.push("]");
}

/**
 * What every file of the period starts from: its header, refused while an error-level warning
 * stands, and Tables 8, 12 and 13 (from the saved sums and lines, with descriptions).
 */
async function readFileHeader(
  db: Kysely<Database>,
  caller: Caller,
  kind: GstReturnKind,
  query: ReturnQuery,
) {
  const header = await readReturnHeader(db, caller, kind, query);
  const totals = await readDocumentTotals(db, header);
  refuseFileWithErrors(await readWarnings(db, header, totals("b2b").valuePaise));
  const summaries = header.carried.filter((section) => SUMMARY_SECTIONS.includes(section));
  const summarySections = await readSummarySections(db, header, summaries, true);
  return { header, summaries, summarySections };
}

/**
 * The period's GSTR-1 or IFF as the portal takes it, refused while an error stands: its JSON text
 * (what JSON.stringify gives for the whole book's file) as pieces in order, to be sent as they are
 * (fileStream) rather than joined into one string and one buffer of the whole month.
 */
export async function readReturnFileParts(
  db: Kysely<Database>,
  caller: Caller,
  kind: GstReturnKind,
  query: ReturnQuery,
  pageSize = PAGE_SIZE,
): Promise<{ header: ReturnHeader; parts: string[] }> {
  const { header, summaries, summarySections } = await readFileHeader(db, caller, kind, query);
  const options = { gstin: header.gstin, fp: header.period.fp };
  const summary = buildGstr1Json([], summarySections, { ...options, only: summaries });
  const parts: string[] = [];
  let members = 0;
  const member = (name: string) =>
    parts.push(`${members++ === 0 ? "{" : ","}${JSON.stringify(name)}:`);
  const add = (name: string, value: unknown) => {
    // JSON.stringify leaves out a member whose value is undefined; so does the file.
    if (value === undefined) return;
    member(name);
    parts.push(JSON.stringify(value));
  };
  for (const [name, value] of Object.entries(buildGstr1Json([], EMPTY, options))) add(name, value);
  for (const section of GSTR1_SECTIONS) {
    if (!header.carried.includes(section)) continue;
    if (SUMMARY_SECTIONS.includes(section)) {
      add(section, summary[section]);
      continue;
    }
    // The member's name goes first; taken back when the section turns out to have no rows.
    const mark = parts.length;
    member(section);
    if (!(await writeFileSection(db, header, section as DocumentSection, pageSize, parts))) {
      parts.length = mark;
      members--;
    }
  }
  const { amended, amendments } = await readAmendments(db, header);
  const amendmentJson = buildGstr1AmendmentJson(
    amendments,
    new Map(amended.map(({ document }) => [document.entryId, document])),
    {
      gstin: header.gstin,
      only: header.carriedAmendments,
      originalMonthSections: await readOriginalMonths(db, header, amendments),
    },
  );
  for (const [name, value] of Object.entries(amendmentJson)) add(name, value);
  parts.push(members === 0 ? "{}" : "}");
  return { header, parts };
}

/** readReturnFileParts joined: the file as one string (the tests, and a mailed attachment). */
export async function readReturnFile(
  db: Kysely<Database>,
  caller: Caller,
  kind: GstReturnKind,
  query: ReturnQuery,
  pageSize = PAGE_SIZE,
): Promise<{ header: ReturnHeader; text: string }> {
  const { header, parts } = await readReturnFileParts(db, caller, kind, query, pageSize);
  return { header, text: parts.join("") };
}

/** Bytes sent at a time: the pieces are gathered into chunks of about this size. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The pieces as a byte stream, a chunk at a time, each piece let go once it is in a chunk: the
 * month's file is never one string or one buffer in memory.
 */
export function fileStream(parts: string[]): Readable {
  let next = 0;
  return Readable.from(
    (function* chunks() {
      while (next < parts.length) {
        const gathered: string[] = [];
        let length = 0;
        while (next < parts.length && length < CHUNK_BYTES) {
          const part = parts[next] as string;
          parts[next++] = "";
          gathered.push(part);
          length += part.length;
        }
        yield Buffer.from(gathered.join(""));
      }
    })(),
    { objectMode: false },
  );
}

type ReturnOf = Pick<ReturnHeader, "kind" | "gstin" | "period" | "access">;

export function describeReturnFileName(header: ReturnOf, format: "json" | "excel"): string {
  const name = header.kind === "iff" ? "IFF" : "GSTR1";
  return `${name}_${header.gstin}_${header.period.fp}.${format === "json" ? "json" : "xlsx"}`;
}

export interface ReturnFile {
  fileName: string;
  contentType: string;
  /** The file's bytes, sent as they are made. */
  content: Readable;
}

/**
 * The portal's JSON or the offline tool's workbook, each built a page of documents at a time so
 * that a month of tens of thousands of invoices stays within the server's memory (decision 059),
 * and sent as a stream.
 */
export async function renderReturnFile(
  db: Kysely<Database>,
  caller: Caller,
  kind: GstReturnKind,
  query: ReturnQuery,
  format: "json" | "excel",
): Promise<{ header: ReturnOf; file: ReturnFile }> {
  if (format === "json") {
    const { header, parts } = await readReturnFileParts(db, caller, kind, query);
    return {
      header,
      file: {
        fileName: describeReturnFileName(header, format),
        contentType: "application/json",
        content: fileStream(parts),
      },
    };
  }
  const { header, content } = await readReturnWorkbook(db, caller, kind, query);
  return {
    header,
    file: {
      fileName: describeReturnFileName(header, format),
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      content,
    },
  };
}

/**
 * The offline tool's workbook of the period, refused while an error stands, as a stream written
 * while its document sections are read a page at a time (decision 059).
 */
export async function readReturnWorkbook(
  db: Kysely<Database>,
  caller: Caller,
  kind: GstReturnKind,
  query: ReturnQuery,
  pageSize = PAGE_SIZE,
): Promise<{ header: ReturnHeader; content: Readable }> {
  const { header, summarySections } = await readFileHeader(db, caller, kind, query);
  const source: WorkbookSource = {
    gstin: header.gstin,
    fp: header.period.fp,
    carried: header.carried,
    pages: (section) => readSectionPages(db, header, section, pageSize),
    summary: summarySections,
  };
  const content = new PassThrough();
  // A read that fails halfway ends the download with the error (the answer has begun).
  writeGstr1Workbook(source, content).catch((error: unknown) => content.destroy(error as Error));
  return { header, content };
}

/** Email the file (through the outbox) instead of downloading it. */
export async function emailReturnFile(
  deps: ModuleDeps,
  header: ReturnOf,
  file: ReturnFile,
  email: string,
  subject: string | undefined,
) {
  // Mailing the return out of Bahi is a send (issue 37, decision 220).
  if (!hasRight(header.access.role, header.access.rights, RETURN_SEND_SUBJECT, "send")) {
    throw new AppError(403, ACCESS_MESSAGES.noRight);
  }
  await takeSendAllowance(deps.db, deps.config.sendLimits, header.access);
  const title = header.kind === "iff" ? "IFF" : "GSTR-1";
  const organisation = header.access.organisation;
  // An attachment is kept whole in the outbox.
  const content = Buffer.concat(await file.content.toArray());
  await deps.db.transaction().execute(async (trx) => {
    await enqueueMessage(trx, {
      channel: "email",
      recipient: email,
      subject: subject ?? `${title} ${header.period.fp} of ${organisation.name}`,
      text: `${title} of ${organisation.name} (GSTIN ${header.gstin}) for the period ${header.period.fp} is attached: ${file.fileName}.`,
      organisationId: organisation.id,
      attachments: [{ ...file, content }],
      // The email log shows who sent it, and offers Resend (issue 22).
      sentBy: header.access.userId,
    });
    await writeAuditLog(trx, {
      organisationId: organisation.id,
      userId: header.access.userId,
      action: "email",
      entityType: header.kind,
      entityId: header.period.fp,
      summary: `Emailed ${title} ${header.period.fp} to ${email}.`,
    });
  });
  deps.sendQueuedMessages();
  return { success: true, message: `${title} sent to ${email}.` };
}
