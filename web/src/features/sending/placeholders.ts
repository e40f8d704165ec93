import { MESSAGE_PLACEHOLDERS, type MessagePlaceholder } from "@bahi/domain";

/** The placeholders the editors and send dialogs offer; the server fills them, {link} included. */
export const AVAILABLE_PLACEHOLDERS: readonly MessagePlaceholder[] = MESSAGE_PLACEHOLDERS.map(
  (placeholder) => placeholder.name,
);
