export * from "./auth-schemas.ts";
export * from "./password-policy.ts";
export * from "./roles.ts";
export * from "./session-messages.ts";
