export * from "./apply-tds.ts";
export * from "./document-options.ts";
export * from "./fill-from-masters.ts";
export * from "./number-series.ts";
export * from "./prepare-voucher.ts";
export * from "./supplier-state.ts";
export * from "./voucher-error.ts";
