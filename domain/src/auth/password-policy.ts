import { COMMON_PASSWORDS } from "./common-passwords.ts";

export const PASSWORD_POLICY_MESSAGES = {
  common: "This password is too common. Please choose a less predictable one.",
  personal: "The password must not contain your name or email address.",
} as const;

/**
 * Why a new password is refused beyond its length (issue 26), or null: a password from the shipped
 * list of the most common ones (also once the digits and symbols around a word are taken off, so
 * "Password@123" counts), or one built on the person's own name or email address.
 */
export function passwordProblem(
  password: string,
  person: { name?: string | undefined; email?: string | undefined } = {},
): string | null {
  const lower = password.normalize("NFKC").toLowerCase();
  const compact = lower.replace(/\s+/g, "");
  const core = compact.replace(/^[^a-z]+|[^a-z]+$/g, "");
  if (COMMON_PASSWORDS.has(compact) || (core.length > 0 && COMMON_PASSWORDS.has(core))) {
    return PASSWORD_POLICY_MESSAGES.common;
  }
  // One repeated character, or a run of it ("aaaaaaaa", "11111111").
  if (/^(.)\1*$/.test(compact)) return PASSWORD_POLICY_MESSAGES.common;
  const personal = personalWords(person);
  if (personal.some((word) => compact.includes(word))) return PASSWORD_POLICY_MESSAGES.personal;
  return null;
}

/** The words of a name and an email's local part, 4 letters or more ("asha", "verma"). */
function personalWords(person: { name?: string | undefined; email?: string | undefined }) {
  const words = new Set<string>();
  const email = person.email?.toLowerCase().trim() ?? "";
  const local = email.split("@")[0] ?? "";
  for (const text of [person.name?.toLowerCase() ?? "", local]) {
    for (const word of text.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 4) words.add(word);
  }
  if (local.length >= 4) words.add(local.replace(/[^\p{L}\p{N}]+/gu, ""));
  if (email) words.add(email);
  return [...words].filter((word) => word.length >= 4);
}
