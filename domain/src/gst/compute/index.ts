export {
  checkDeclaredTotals,
  type DeclaredTotals,
  type TotalMismatch,
} from "./check-declared-totals.ts";
export {
  type AccountLineInput,
  type ComputedDocument,
  type ComputedLine,
  computeDocument,
  computeIntraStateTaxes,
  type Discount,
  type DocumentInput,
  type ItemLineInput,
  type RateSummaryRow,
} from "./compute-document.ts";
export { DocumentError } from "./document-error.ts";
export {
  determineTaxKind,
  type ExportOrSezPayment,
  type SupplyType,
  type TaxKind,
  type TaxKindInput,
} from "./tax-kind.ts";
