export * from "./civil-date.ts";
export * from "./date-input.ts";
export * from "./financial-year.ts";
export * from "./month-names.ts";
export * from "./period.ts";
