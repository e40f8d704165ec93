import type { ExportOrSezPayment, SupplyType } from "../../gst/compute/index.ts";

// Values the spec names but does not enumerate (product.md 3: gstPaymentTypeInExportOrSez,
// rcmGstType, importType, the note's type). Recorded in docs/decisions/006.

/** How an export or a supply to an SEZ is made: with IGST paid, or under LUT/bond without it. */
export const EXPORT_SEZ_OPTIONS = [
  {
    value: "exportWithPayment",
    label: "Export with payment of IGST",
    supplyType: "export",
    payment: "withPayment",
  },
  {
    value: "exportWithoutPayment",
    label: "Export under LUT or bond (without payment)",
    supplyType: "export",
    payment: "withoutPayment",
  },
  {
    value: "sezWithPayment",
    label: "Supply to SEZ with payment of IGST",
    supplyType: "sez",
    payment: "withPayment",
  },
  {
    value: "sezWithoutPayment",
    label: "Supply to SEZ under LUT or bond (without payment)",
    supplyType: "sez",
    payment: "withoutPayment",
  },
  // A deemed export (CGST s.147) is taxed like any supply by its place of supply; it is listed
  // here because GSTR-1 reports it apart (b2b inv_typ DE) and it needs a registered recipient.
  {
    value: "deemedExport",
    label: "Deemed export",
    supplyType: "regular",
    payment: "withPayment",
  },
] as const satisfies readonly {
  value: string;
  label: string;
  supplyType: SupplyType;
  payment: ExportOrSezPayment;
}[];

export type ExportSezOption = (typeof EXPORT_SEZ_OPTIONS)[number]["value"];
export const EXPORT_SEZ_VALUES = EXPORT_SEZ_OPTIONS.map((option) => option.value) as [
  ExportSezOption,
  ...ExportSezOption[],
];

/** Why reverse charge applies (CGST s.9(3) notified supplies, s.9(4) unregistered suppliers). */
export const RCM_GST_TYPES = [
  { value: "notified", label: "Notified goods or services (section 9(3))" },
  { value: "unregistered", label: "From an unregistered supplier (section 9(4))" },
] as const;
export type RcmGstType = (typeof RCM_GST_TYPES)[number]["value"];
export const RCM_GST_TYPE_VALUES = RCM_GST_TYPES.map((option) => option.value) as [
  RcmGstType,
  ...RcmGstType[],
];

/** Imports on a purchase or purchase order: they land in different GSTR-3B rows (IMPG, IMPS). */
export const IMPORT_TYPES = [
  { value: "goods", label: "Import of goods" },
  { value: "services", label: "Import of services" },
] as const;
export type ImportType = (typeof IMPORT_TYPES)[number]["value"];
export const IMPORT_TYPE_VALUES = IMPORT_TYPES.map((option) => option.value) as [
  ImportType,
  ...ImportType[],
];

/** A note for goods coming back moves stock; one that only corrects a price does not. */
export const NOTE_TYPES = [
  { value: "return", label: "Goods returned" },
  { value: "adjustment", label: "Price or discount adjustment" },
] as const;
export type NoteType = (typeof NOTE_TYPES)[number]["value"];
export const NOTE_TYPE_VALUES = NOTE_TYPES.map((option) => option.value) as [
  NoteType,
  ...NoteType[],
];
