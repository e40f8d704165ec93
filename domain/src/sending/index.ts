export * from "./placeholders.ts";
export * from "./send-outcome.ts";
export * from "./templates.ts";
