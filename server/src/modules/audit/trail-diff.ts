// The field-level difference of two stored records (decision 310): each record flattened into
// paths such as `lines[2].rate` or `billingAddress.city`, and one change per path whose value
// differs. A created record has every field's before null; a deleted one every field's after null.

export type TrailValue = string | number | boolean | null;

export interface TrailFieldChange {
  field: string;
  before: TrailValue;
  after: TrailValue;
}

/** Every leaf of a JSON value under its path; an empty array or object is a leaf of its own. */
export function flattenRecord(value: unknown, prefix = "", into = new Map<string, TrailValue>()) {
  if (Array.isArray(value)) {
    if (value.length === 0) {
      if (prefix) into.set(prefix, "[]");
      return into;
    }
    value.forEach((item, index) => {
      flattenRecord(item, `${prefix}[${index}]`, into);
    });
    return into;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, item]) => item !== undefined,
    );
    if (entries.length === 0) {
      if (prefix) into.set(prefix, "{}");
      return into;
    }
    for (const [key, item] of entries) flattenRecord(item, prefix ? `${prefix}.${key}` : key, into);
    return into;
  }
  if (prefix) into.set(prefix, leafOf(value));
  return into;
}

function leafOf(value: unknown): TrailValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  return String(value);
}

/** The changed fields from `before` to `after` (null for a record that did not exist). */
export function diffRecords(before: unknown, after: unknown): TrailFieldChange[] {
  const old = flattenRecord(before ?? {});
  const now = flattenRecord(after ?? {});
  const changes: TrailFieldChange[] = [];
  for (const [field, value] of old) {
    const next = now.has(field) ? (now.get(field) as TrailValue) : null;
    if (next !== value) changes.push({ field, before: value, after: next });
  }
  for (const [field, value] of now) {
    if (!old.has(field) && value !== null) changes.push({ field, before: null, after: value });
  }
  return changes;
}
