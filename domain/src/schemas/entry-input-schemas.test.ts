import { describe, expect, it } from "vitest";
import { VOUCHER_REGISTRY } from "../vouchers/voucher-registry.ts";
import { VOUCHER_TYPES } from "../vouchers/voucher-type.ts";
import { ENTRY_INPUT_SCHEMAS } from "./entry-input-schemas.ts";
import {
  buildDocument,
  buildFundTransfer,
  buildJournal,
  buildPayment,
  buildReceipt,
} from "./test-payloads.ts";

const VALID_ADD_PAYLOADS = {
  items: buildDocument(),
  receipts: buildReceipt(),
  payments: buildPayment(),
  fundTransfer: buildFundTransfer(),
  journalEntry: buildJournal(),
} as const;

function buildValidPayload(type: (typeof VOUCHER_TYPES)[number]): Record<string, unknown> {
  if (VOUCHER_REGISTRY[type].family === "document") return VALID_ADD_PAYLOADS.items;
  return VALID_ADD_PAYLOADS[type as "receipts" | "payments" | "fundTransfer" | "journalEntry"];
}

describe("ENTRY_INPUT_SCHEMAS", () => {
  it("has an add and an edit schema for every voucher type", () => {
    expect(Object.keys(ENTRY_INPUT_SCHEMAS).sort()).toEqual([...VOUCHER_TYPES].sort());
  });

  it.each(VOUCHER_TYPES)("%s: add accepts a valid payload; edit also needs entryId", (type) => {
    const payload = buildValidPayload(type);
    const { add, edit } = ENTRY_INPUT_SCHEMAS[type];
    expect(add.safeParse(payload).success).toBe(true);
    expect(edit.safeParse(payload).success).toBe(false);
    expect(edit.safeParse({ ...payload, entryId: "e-1" }).success).toBe(false);
    expect(edit.safeParse({ ...payload, entryId: "e-1", version: 1 }).success).toBe(true);
  });
});
