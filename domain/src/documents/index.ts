export * from "./document-settings.ts";
export * from "./upi-link.ts";
