import { ORGANISATION_MESSAGES, ORGANISATION_NAME_MAX } from "@bahi/domain";

/** The organisation name rule the server applies (required, at most 100 characters). */
export function checkOrganisationName(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === "") return ORGANISATION_MESSAGES.nameRequired;
  if (trimmed.length > ORGANISATION_NAME_MAX) {
    return `Organisation name cannot be more than ${ORGANISATION_NAME_MAX} characters.`;
  }
  return undefined;
}
