import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildValidationErrorBody, formatZodIssues } from "./zod-issues.ts";

const Schema = z.object({
  name: z.string().min(1, "Name is required"),
  lines: z.array(z.object({ quantity: z.number().positive("Quantity must be more than zero.") })),
});

describe("formatZodIssues", () => {
  it("gives dotted paths and messages", () => {
    const result = Schema.safeParse({ name: "", lines: [{ quantity: 1 }, { quantity: 0 }] });
    expect(result.success).toBe(false);
    expect(formatZodIssues(result.error!)).toEqual([
      { path: "name", message: "Name is required" },
      { path: "lines.1.quantity", message: "Quantity must be more than zero." },
    ]);
  });
});

describe("buildValidationErrorBody", () => {
  it("leads with the first issue's message", () => {
    const result = Schema.safeParse({ name: "", lines: [] });
    expect(buildValidationErrorBody(result.error!)).toEqual({
      message: "Name is required",
      errors: [{ path: "name", message: "Name is required" }],
    });
  });

  it("uses '' for the payload itself and a fallback message without issues", () => {
    const root = z.string().safeParse(1);
    expect(formatZodIssues(root.error!)[0]?.path).toBe("");
    expect(buildValidationErrorBody(new z.ZodError([]))).toEqual({
      message: "Invalid input.",
      errors: [],
    });
  });
});
