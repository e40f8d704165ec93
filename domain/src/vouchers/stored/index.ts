export * from "./stored-voucher.ts";
