/**
 * GSTN's schemas (this folder's gstn/, README there) compiled with ajv, adapted for an upload, and
 * the checks added by hand where they are loose. Shared by the domain's schema tests and the
 * server's API tests, which validate the files the routes serve.
 */
import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import type { Gstr1Json } from "../../src/gst/returns/gstr1-build.ts";
import { scaleDecimal } from "../../src/money/decimal.ts";

export type Json = Record<string, unknown>;

/**
 * A schema as kept, read as ajv 8 takes it (README): its draft-04 header dropped — `id` (ajv 8
 * refuses it; it only names the schema) and `$schema` (draft-04, only b2csa's file) — and
 * `additionalItems` beside a single `items` schema, where it means nothing (b2csa).
 */
function readSchema(name: string): Json {
  const url = new URL(`./gstn/${name}`, import.meta.url);
  const { id: _name, $schema: _draft, ...schema } = JSON.parse(readFileSync(url, "utf8")) as Json;
  return withoutLoneAdditionalItems(schema) as Json;
}

function withoutLoneAdditionalItems(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutLoneAdditionalItems);
  if (schema === null || typeof schema !== "object") return schema;
  const { additionalItems, ...rest } = schema as Json;
  const kept = Array.isArray(rest.items) && additionalItems !== undefined;
  return Object.fromEntries(
    Object.entries(kept ? { ...rest, additionalItems } : rest).map(([key, value]) => [
      key,
      key === "properties"
        ? Object.fromEntries(
            Object.entries(value as Json).map(([n, child]) => [
              n,
              withoutLoneAdditionalItems(child),
            ]),
          )
        : withoutLoneAdditionalItems(value),
    ]),
  );
}

/**
 * GSTN's schemas describe the data the portal gives back (its GET APIs), which carries fields it
 * adds itself: the checksum, the status flags, who uploaded. An upload has none of them, so they
 * are taken out of every `required` list (README "Adapted for an upload"); nothing else changes.
 */
const ADDED_BY_THE_PORTAL = new Set(["chksum", "flag", "cflag", "updby", "cfs"]);
function forUpload(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forUpload);
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema as Json).map(([key, value]) => [
      key,
      key === "required" && Array.isArray(value)
        ? value.filter((name) => !ADDED_BY_THE_PORTAL.has(name as string))
        : key === "properties"
          ? Object.fromEntries(
              Object.entries(value as Json).map(([name, child]) => [name, forUpload(child)]),
            )
          : forUpload(value),
    ]),
  );
}

// The published files are draft-04 in style: a non-standard `optional` list (GSTR-3B), `minLength`
// on numbers. ajv reads `optional` as an annotation, ignores keywords of another type, and takes a
// precision for `multipleOf` on decimals (0.07 is not an exact multiple of 0.01 in binary).
const ajv = new Ajv({
  allErrors: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  allowUnionTypes: true,
  multipleOfPrecision: 6,
});
ajv.addKeyword({ keyword: "optional", schemaType: "array" });

export const GSTR1_SCHEMA_SECTIONS = [
  "b2b",
  "b2cl",
  "b2cs",
  "exp",
  "cdnr",
  "cdnur",
  "nil",
  "hsn",
  "doc_issue",
  "b2ba",
  "b2cla",
  "b2csa",
  "expa",
  "cdnra",
  "cdnura",
] as const;
export const SECTION_SCHEMAS = Object.fromEntries(
  GSTR1_SCHEMA_SECTIONS.map((section) => {
    const schema = forUpload(readSchema(`gstr1-${section}.schema.json`)) as Json;
    return [section, { schema, validate: ajv.compile(schema) }];
  }),
) as Record<(typeof GSTR1_SCHEMA_SECTIONS)[number], { schema: Json; validate: ValidateFunction }>;
export const GSTR3B_SCHEMA = readSchema("gstr3b.schema.json");
export const validateGstr3b = ajv.compile(GSTR3B_SCHEMA);

export function schemaErrors(validate: ValidateFunction, json: unknown): string[] {
  return validate(json)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

/**
 * Checks the schemas leave out (README "Added by hand"): every key Bahi writes is one the schema
 * names (no schema says `additionalProperties: false` but B2CL's items), and amounts carry at
 * most 2 decimals (only some fields say `multipleOf`), quantities 3.
 */
const KEYS_OUTSIDE_THE_SCHEMAS = new Set([
  "/doc_issue/doc_det/*/doc_typ",
  // GSTR-1A's B2BA schema (the one kept) has no cess in itm_det; GSTR-1's B2B has.
  "/b2ba/*/inv/*/itms/*/itm_det/csamt",
]);
export function handErrors(schema: Json, value: unknown, path = "", shape = ""): string[] {
  if (Array.isArray(value)) {
    const items = schema.items as Json | undefined;
    return value.flatMap((item, index) =>
      handErrors(items ?? {}, item, `${path}/${index}`, `${shape}/*`),
    );
  }
  if (value !== null && typeof value === "object") {
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    return Object.entries(value as Json).flatMap(([key, child]) => {
      const childSchema = properties[key];
      if (!childSchema) {
        return KEYS_OUTSIDE_THE_SCHEMAS.has(`${shape}/${key}`)
          ? []
          : [`${path}/${key} is not in GSTN's schema`];
      }
      return handErrors(childSchema, child, `${path}/${key}`, `${shape}/${key}`);
    });
  }
  if (typeof value === "number") {
    const key = path.split("/").pop() ?? "";
    const places = key === "qty" ? 3 : 2;
    if (scaleDecimal(value, places) === null) {
      return [`${path} has more than ${places} decimals (${value})`];
    }
  }
  return [];
}

/** Each section of a GSTR-1 (or IFF) file against its schema, and the file's own keys. */
export function gstr1Errors(json: Gstr1Json | Record<string, unknown>): string[] {
  const errors: string[] = [];
  for (const [key, value] of Object.entries(json)) {
    if (["gstin", "fp", "version", "hash"].includes(key)) continue;
    const entry = SECTION_SCHEMAS[key as (typeof GSTR1_SCHEMA_SECTIONS)[number]];
    if (!entry) {
      errors.push(`/${key} has no GSTN schema here`);
      continue;
    }
    // Before May 2025 the HSN summary was one list, `data`, of the rows hsn_b2b holds now
    // (README): checked as those rows.
    const legacyHsn = key === "hsn" && Array.isArray((value as Json).data);
    const section = legacyHsn
      ? { hsn: { hsn_b2b: (value as Json).data, hsn_b2c: [] } }
      : { [key]: value };
    errors.push(...schemaErrors(entry.validate, section), ...handErrors(entry.schema, section));
  }
  return errors;
}

/** Everything GSTN's GSTR-3B schema and the hand checks say about one GSTR-3B JSON. */
export function gstr3bErrors(json: unknown): string[] {
  return [...schemaErrors(validateGstr3b, json), ...handErrors(GSTR3B_SCHEMA, json)];
}
