export * from "./eway-bill.ts";
export * from "./eway-bill-import.ts";
export * from "./eway-bill-queries.ts";
export * from "./state-thresholds.ts";
export * from "./transport.ts";
