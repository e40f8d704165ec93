import {
  missingZohoColumns,
  recogniseZohoSheet,
  type SheetImportType,
  ZOHO_MESSAGES,
  zohoContactsAsAccountRows,
  zohoInvoicesAsVoucherRows,
} from "@bahi/domain";
import { badRequest } from "../../http/errors.ts";

// Zoho Books' Contacts and Invoice exports (issue 36), given to the spreadsheet import as they
// are: recognised by their headings and read as Bahi's accounts or vouchers template. A Zoho
// export imported as the other kind, or lacking a column Bahi needs, is refused with a message
// that names what to do (domain/src/imports/zoho-books.ts).

type Rows = readonly (readonly string[])[];

/** The rows as Bahi's template of `type` reads them: a Zoho export translated, others as they are. */
export function asBahiSheet(type: SheetImportType, rows: Rows): Rows {
  const headings = (rows[0] ?? []).map((cell) => cell.trim());
  const kind = recogniseZohoSheet(headings);
  if (!kind) return rows;
  const wanted = kind === "contacts" ? "accounts" : "vouchers";
  if (type !== wanted) throw badRequest(ZOHO_MESSAGES.wrongType(kind));
  const missing = missingZohoColumns(kind, headings);
  if (missing.length > 0) throw badRequest(ZOHO_MESSAGES.missingColumns(kind, missing));
  return kind === "contacts" ? zohoContactsAsAccountRows(rows) : zohoInvoicesAsVoucherRows(rows);
}
