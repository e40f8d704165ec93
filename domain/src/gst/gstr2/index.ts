export { cleanBillNumber } from "./bill-number.ts";
export {
  Gstr2ImportFields,
  Gstr2LinkInput,
  Gstr2ReconciliationQuery,
  Gstr2TransactionsQuery,
} from "./gstr2-schemas.ts";
export {
  GSTR2B_FILE_MESSAGES,
  GSTR2B_MAX_DOCUMENTS,
  GSTR2B_SECTION_TITLES,
  GSTR2B_SECTIONS,
  type Gstr2bDocument,
  type Gstr2bFile,
  type Gstr2bFileResult,
  type Gstr2bSection,
  type ImsAction,
  portalAmountToPaise,
  portalDateToCivil,
  type ReconSide,
  readGstr2bFile,
} from "./gstr2b-file.ts";
export {
  GSTR2B_WORKBOOK_MESSAGES,
  readGstr2bWorkbook,
  type WorkbookSheet,
} from "./gstr2b-workbook.ts";
export {
  DIFFERENCE_FIELDS,
  type DifferenceField,
  findDifferences,
  type ItcTotals,
  type LinkKind,
  MATCH_DATE_WINDOW_DAYS,
  MATCH_STATUS_TITLES,
  MATCH_STATUSES,
  MATCH_TOLERANCE_PAISE,
  type MatchStatus,
  matchedItc,
  type ReconAmounts,
  type ReconLink,
  type ReconParty,
  type ReconRow,
  reconcile,
  SUGGESTED_BY,
  SUGGESTED_BY_TITLES,
  type SuggestedBy,
} from "./reconcile.ts";
export {
  ITC_ELIGIBILITY_TITLES,
  type ItcEligibility,
  type PurchaseRegisterRow,
  readGstr2Period,
  type StoredPurchaseVoucher,
  toPurchaseRegisterRow,
  toReconBill,
} from "./register.ts";
export {
  type SampleSheet,
  sampleGstr2b,
  sampleGstr2bWorkbook,
  sampleSheetRows,
} from "./test-gstr2b.ts";
