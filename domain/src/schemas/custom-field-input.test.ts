import { describe, expect, it } from "vitest";
import {
  CUSTOM_FIELD_TARGETS,
  CustomFieldEditInput,
  CustomFieldInput,
  CustomFieldListQuery,
  describeDescriptionLimit,
  validateCustomFieldValue,
} from "./custom-field-input.ts";
import { ORG } from "./test-payloads.ts";

function buildField(overrides: Record<string, unknown> = {}) {
  return {
    organisationId: ORG,
    name: "Vehicle No",
    type: "shorttext",
    applicableFor: "salesInvoice",
    ...overrides,
  };
}

describe("CustomFieldInput", () => {
  it("accepts a field and defaults printInPdf to false", () => {
    expect(CustomFieldInput.parse(buildField())).toEqual({ ...buildField(), printInPdf: false });
  });

  it.each([
    ["salesInvoice", true],
    ["deliveryChallan", true],
    ["receipts", true],
    ["purchases", false],
    ["account", false],
    ["task", false],
  ])("keeps printInPdf on %s: %s (spec 5)", (applicableFor, kept) => {
    expect(CustomFieldInput.parse(buildField({ applicableFor, printInPdf: true })).printInPdf).toBe(
      kept,
    );
  });

  it.each([
    [{ name: "" }, "name", "Name is required"],
    [{ name: undefined }, "name", "Name is required"],
    [{ type: "" }, "type", "Type is required"],
    [{ type: "text" }, "type", "Type is required"],
    [{ applicableFor: undefined }, "applicableFor", "Applicable For is required"],
    [{ applicableFor: "invoice" }, "applicableFor", "Applicable For is required"],
    [
      { description: "x".repeat(101) },
      "description",
      "Description should not be more than 100 characters for Short Text type",
    ],
    [
      { type: "longtext", description: "x".repeat(501) },
      "description",
      "Description should not be more than 500 characters for Long Text type",
    ],
    [
      { type: "number", description: "x".repeat(201) },
      "description",
      "Description should not be more than 200 characters for Number type",
    ],
    [
      { type: "boolean", description: "x".repeat(201) },
      "description",
      "Description should not be more than 200 characters for Yes/No type",
    ],
  ])("refuses %j at %s", (overrides, path, message) => {
    const issue = CustomFieldInput.safeParse(buildField(overrides)).error?.issues[0];
    expect({ path: issue?.path.join("."), message: issue?.message }).toEqual({ path, message });
  });

  it.each([
    ["shorttext", 100],
    ["longtext", 500],
    ["number", 200],
    ["date", 200],
  ] as const)("lets a %s description reach %d characters", (type, limit) => {
    expect(
      CustomFieldInput.safeParse(buildField({ type, description: "x".repeat(limit) })).success,
    ).toBe(true);
  });

  it("covers the 13 voucher types, account, item and the modal's extras", () => {
    expect(CUSTOM_FIELD_TARGETS).toHaveLength(18);
    expect(CUSTOM_FIELD_TARGETS).toEqual(
      expect.arrayContaining(["account", "item", "contactperson", "client", "task"]),
    );
  });

  it("words the description limit after spec 5", () => {
    expect(describeDescriptionLimit("date")).toBe(
      "Description should not be more than 200 characters for Date type",
    );
  });
});

describe("CustomFieldEditInput", () => {
  it("needs the customFieldId", () => {
    expect(CustomFieldEditInput.safeParse(buildField()).error?.issues[0]?.path).toEqual([
      "customFieldId",
    ]);
    expect(
      CustomFieldEditInput.parse(
        buildField({ customFieldId: "cf-1", applicableFor: "item", printInPdf: true }),
      ),
    ).toMatchObject({
      customFieldId: "cf-1",
      printInPdf: false,
    });
  });
});

describe("CustomFieldListQuery", () => {
  it("allows the limit of 10000 the client loads all with", () => {
    expect(
      CustomFieldListQuery.parse({
        organisationId: ORG,
        limit: "10000",
        skip: "0",
        active: "true",
      }),
    ).toMatchObject({
      limit: 10000,
      skip: 0,
      active: true,
    });
    expect(
      CustomFieldListQuery.safeParse({ organisationId: ORG, limit: "10001" }).error?.issues[0]
        ?.message,
    ).toBe("Limit must be between 1 and 10000.");
  });
});

describe("validateCustomFieldValue", () => {
  it.each([
    ["number", "42", "42"],
    ["number", " -3.5 ", "-3.5"],
    ["date", "2024-02-29", "2024-02-29"],
    ["boolean", "true", "true"],
    ["boolean", "false", "false"],
    ["shorttext", "x".repeat(100), "x".repeat(100)],
    ["longtext", "x".repeat(500), "x".repeat(500)],
    ["number", "  ", ""],
  ] as const)("%s %j is valid", (type, value, normalised) => {
    expect(validateCustomFieldValue(type, value)).toEqual({ valid: true, value: normalised });
  });

  it.each([
    ["number", "4,000", "Value must be a number."],
    ["number", "1e3", "Value must be a number."],
    ["date", "2025-02-29", "Value must be a date in the form YYYY-MM-DD."],
    ["date", "29-02-2024", "Value must be a date in the form YYYY-MM-DD."],
    ["boolean", "yes", "Value must be true or false."],
    ["boolean", "True", "Value must be true or false."],
    ["shorttext", "x".repeat(101), "Short Text cannot be more than 100 characters."],
    ["longtext", "x".repeat(501), "Long Text cannot be more than 500 characters."],
  ] as const)("%s %s is refused", (type, value, message) => {
    expect(validateCustomFieldValue(type, value)).toEqual({ valid: false, message });
  });
});
