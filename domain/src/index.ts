export * from "./money/paise.ts";
export * from "./vouchers/voucher-type.ts";
