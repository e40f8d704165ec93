export * from "./placeholders.ts";
export * from "./templates.ts";
