import { MESSAGE_PLACEHOLDERS, type MessagePlaceholder } from "@bahi/domain";

/**
 * The placeholders the editors offer. {link} needs the signed document links (issue 22's
 * delivery half); until the server makes them it is not offered, rather than offered empty.
 */
export const AVAILABLE_PLACEHOLDERS: readonly MessagePlaceholder[] = MESSAGE_PLACEHOLDERS.map(
  (placeholder) => placeholder.name,
).filter((name) => name !== "link");
