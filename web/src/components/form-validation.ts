/** What a domain zod schema gives back from safeParse, without importing zod here. */
export interface SafeParser<T> {
  safeParse(input: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
      };
}

export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * Checks a form with the same schema the server uses (domain), keeping the first message per
 * field: the person sees exactly the words the server would answer with.
 */
export function validateWith<T>(schema: SafeParser<T>, values: unknown): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join(".");
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
