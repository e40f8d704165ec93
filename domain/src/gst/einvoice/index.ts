export {
  buildEInvoiceJson,
  EINVOICE_GST_RATES,
  EINVOICE_ITEM_LIMIT,
  EINVOICE_NUMBER_PATTERN,
  EINVOICE_SCHEMA_VERSION,
  EINVOICE_SUPPLY_TYPES,
  EINVOICE_TOLERANCE_PAISE,
  type EInvoiceAddress,
  type EInvoiceCheckContext,
  type EInvoiceItem,
  type EInvoiceJson,
  type EInvoiceLineExtras,
  type EInvoiceParty,
  type EInvoicePayDetails,
  type EInvoicePayment,
  type EInvoiceSource,
  type EInvoiceSupplyType,
  isEInvoiceable,
  REPORTING_LIMITS,
  supplyTypeOf,
  toIrpDate,
  validateEInvoiceJson,
} from "./einvoice-json.ts";
export {
  buildEwbDetails,
  checkEwbDetails,
  checkEwbDocumentAge,
  type EInvoiceEwbDetails,
  type EInvoiceTransport,
  EWB_MESSAGES,
} from "./ewb-details.ts";
export { computeIrn, EINVOICE_DOC_TYPES, type EInvoiceDocType } from "./irn.ts";
export {
  decodeSignedQr,
  EINVOICE_CANCEL_REASONS,
  EINVOICE_STATES,
  type EInvoiceCancelReason,
  type EInvoiceState,
  type IrpAcknowledgement,
  parseIrpResponse,
} from "./irp-response.ts";
export {
  IRP_SHEET_MESSAGES,
  type IrpSheetParse,
  parseAckDate,
  parseIrpSheetRows,
} from "./irp-sheet.ts";
