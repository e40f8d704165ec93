/**
 * NIC's schemas (this folder's nic/, README there) compiled with ajv, and the checks added by hand
 * where they are loose. Shared by the domain's schema tests and the server's API tests, which
 * validate the files the routes serve.
 */
import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import { scaleDecimal } from "../../src/money/decimal.ts";

export type Json = Record<string, unknown>;

function readSchema(name: string): Json {
  const url = new URL(`./nic/${name}`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")) as Json;
}

export const EINVOICE_SCHEMA = readSchema("einvoice-inv01-1.1.schema.json");
export const EWAYBILL_SCHEMA = readSchema("ewaybill-bulk-1.0.0621.schema.json");

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
export const validateEInvoice = ajv.compile(EINVOICE_SCHEMA);
export const validateEWayBill = ajv.compile(EWAYBILL_SCHEMA);

export function schemaErrors(validate: ValidateFunction, json: unknown): string[] {
  return validate(json)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

/**
 * Checks NIC's schemas leave out (README "Added by hand"): no field the schema does not name (a
 * misspelt key is silently dropped by the IRP), and no more decimals than the IRP takes.
 */
export function handErrors(schema: Json, value: unknown, path = ""): string[] {
  if (Array.isArray(value)) {
    const items = schema.items as Json | undefined;
    return items ? value.flatMap((item, index) => handErrors(items, item, `${path}/${index}`)) : [];
  }
  if (value !== null && typeof value === "object") {
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    return Object.entries(value as Json).flatMap(([key, child]) => {
      const childSchema = properties[key];
      if (!childSchema) return [`${path}/${key} is not in NIC's schema`];
      return handErrors(childSchema, child, `${path}/${key}`);
    });
  }
  if (typeof value === "number") {
    const key = path.split("/").pop() ?? "";
    const places = /^(Qty|FreeQty|UnitPrice|quantity)$|Rt$|Rate$/.test(key) ? 3 : 2;
    if (scaleDecimal(value, places) === null) {
      return [`${path} has more than ${places} decimals (${value})`];
    }
  }
  return [];
}

/** Everything NIC's e-invoice schema and the hand checks say about one INV-01 JSON. */
export function eInvoiceErrors(json: unknown): string[] {
  return [...schemaErrors(validateEInvoice, json), ...handErrors(EINVOICE_SCHEMA, json)];
}

/** Everything the e-way bill bulk-file schema and the hand checks say about one file. */
export function eWayBillErrors(json: unknown): string[] {
  return [...schemaErrors(validateEWayBill, json), ...handErrors(EWAYBILL_SCHEMA, json)];
}
