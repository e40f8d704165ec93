import {
  aggregateB2csRows,
  type B2csAggregate,
  type DocumentRow,
  documentRowOf,
  mergeB2csAggregates,
  type ReturnDocument,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import {
  type KeptDocumentPosition,
  listKeptDocumentsAfter,
  toReturnDocuments,
} from "../return-facts/return-facts.service.ts";
import type { ReturnHeader } from "./gst-returns.service.ts";

// A GSTR-1 document section read a page at a time in the return's order (decision 059), as the
// JSON file and the offline tool's workbook both read it.

export type DocumentSection = "b2b" | "b2cl" | "b2cs" | "exp" | "cdnr" | "cdnur";

/** A page of a document section: its documents and their rows, in the return's order. */
export interface SectionPage {
  documents: ReturnDocument[];
  rows: DocumentRow[];
}

/** Documents read and laid out at a time. */
export const PAGE_SIZE = 500;

/** Each page of a document section, each starting after the last one's place on the pages index. */
export async function* readSectionPages(
  db: Kysely<Database>,
  header: ReturnHeader,
  section: DocumentSection,
  pageSize: number,
): AsyncGenerator<SectionPage> {
  const organisationId = header.access.organisation.id;
  const stateCode = header.gstin.slice(0, 2);
  let after: KeptDocumentPosition | null = null;
  for (;;) {
    const page = await listKeptDocumentsAfter(
      db,
      organisationId,
      header.period,
      section,
      after,
      pageSize,
    );
    const last = page.at(-1);
    if (!last) return;
    const documents = await toReturnDocuments(db, organisationId, page);
    yield {
      documents,
      rows: documents.map((document) => documentRowOf(document, section, stateCode)),
    };
    if (page.length < pageSize) return;
    after = { date: last.date, number_key: last.number_key, voucher_id: last.voucher_id };
  }
}

/** The document behind each row of a page. */
export function documentsOf(page: SectionPage): (row: DocumentRow) => ReturnDocument {
  const byId = new Map(page.documents.map((document) => [document.entryId, document]));
  return (row) => byId.get(row.entryId) as ReturnDocument;
}

/** B2C small summed in paise over the pages, by supply type, place and rate (Table 7). */
export async function sumB2csPages(
  pages: AsyncIterable<SectionPage>,
  stateCode: string,
): Promise<B2csAggregate[]> {
  let buckets: B2csAggregate[] = [];
  for await (const page of pages) {
    buckets = mergeB2csAggregates(
      buckets,
      aggregateB2csRows(page.rows, documentsOf(page), stateCode),
    );
  }
  return buckets;
}
