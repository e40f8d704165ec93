export * from "./eway-bill.ts";
export * from "./transport.ts";
