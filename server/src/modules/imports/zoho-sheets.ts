import {
  missingZohoColumns,
  recogniseZohoSheet,
  type SheetImportType,
  ZOHO_MESSAGES,
  zohoContactsAsAccountRows,
  zohoImportType,
  zohoSheetAsVoucherRows,
  zohoUnreadDocuments,
} from "@bahi/domain";
import { badRequest } from "../../http/errors.ts";

// Zoho Books' own exports (issue 36) given to the spreadsheet import as they are: Contacts as
// accounts; Invoice, Bill, Credit Note, Vendor Credits, Customer Payment and Vendor Payment as
// vouchers. Each is recognised by its headings and read as Bahi's template. A Zoho export imported
// as the other kind, lacking a column Bahi needs, or with what Bahi does not read (tax-inclusive prices, discounts in
// rupees, adjustments, shipping charges) is refused with a
// message that names what to do (domain/src/imports/zoho-books.ts).

type Rows = readonly (readonly string[])[];

/** The rows as Bahi's template of `type` reads them: a Zoho export translated, others as they are. */
export function asBahiSheet(type: SheetImportType, rows: Rows): Rows {
  const headings = (rows[0] ?? []).map((cell) => cell.trim());
  const kind = recogniseZohoSheet(headings);
  if (!kind) return rows;
  if (type !== zohoImportType(kind)) throw badRequest(ZOHO_MESSAGES.wrongType(kind));
  const missing = missingZohoColumns(kind, headings);
  if (missing.length > 0) throw badRequest(ZOHO_MESSAGES.missingColumns(kind, missing));
  if (kind === "contacts") return zohoContactsAsAccountRows(rows);
  const unread = zohoUnreadDocuments(kind, rows);
  if (unread.length > 0) throw badRequest(ZOHO_MESSAGES.unread(kind, unread));
  return zohoSheetAsVoucherRows(kind, rows);
}
