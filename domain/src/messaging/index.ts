export * from "./email-log.ts";
