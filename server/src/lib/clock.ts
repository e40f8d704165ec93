/** Current instant as an ISO-8601 UTC string, the form every `..._at` column holds. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoAfter(milliseconds: number, from: Date = new Date()): string {
  return new Date(from.getTime() + milliseconds).toISOString();
}

export const MINUTE = 60_000;
export const DAY = 86_400_000;
