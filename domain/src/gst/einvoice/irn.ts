import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils";
import type { CivilDate } from "../../calendar/index.ts";
import { financialYearOf } from "../../calendar/index.ts";

/** INV-01 document types: an invoice, a credit note, a debit note. */
export const EINVOICE_DOC_TYPES = ["INV", "CRN", "DBN"] as const;
export type EInvoiceDocType = (typeof EINVOICE_DOC_TYPES)[number];

/**
 * The IRN the IRP assigns (returns-reference §4.3, einv-apisandbox.nic.in/irn.html): the lowercase
 * hex SHA-256 of supplier GSTIN + financial year ("2025-26", from the document date) + document
 * type + document number, concatenated without separators. 64 characters.
 */
export function computeIrn(input: {
  sellerGstin: string;
  date: CivilDate;
  docType: EInvoiceDocType;
  number: string;
}): string {
  const text = `${input.sellerGstin}${financialYearOf(input.date)}${input.docType}${input.number}`;
  return bytesToHex(sha256(utf8ToBytes(text)));
}
