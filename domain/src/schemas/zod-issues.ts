import type { z } from "zod";

export interface FieldIssue {
  /** Dotted path to the field ('itemDetails.0.quantity'); '' for the payload itself. */
  readonly path: string;
  readonly message: string;
}

export function formatZodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((key) => String(key)).join("."),
    message: issue.message,
  }));
}

/** The 400 body of DESIGN.md 5: `{ message, errors }`, message being the first issue's. */
export function buildValidationErrorBody(error: z.ZodError): {
  message: string;
  errors: FieldIssue[];
} {
  const errors = formatZodIssues(error);
  return { message: errors[0]?.message ?? "Invalid input.", errors };
}
