export * from "./bank-import-schemas.ts";
export * from "./bank-line-types.ts";
export * from "./bank-statement.ts";
export * from "./bank-suggestions.ts";
export * from "./sheet-import.ts";
export * from "./tally.ts";
export * from "./tally-vouchers.ts";
export * from "./voucher-sheet.ts";
