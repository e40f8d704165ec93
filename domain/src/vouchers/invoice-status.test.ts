import { describe, expect, it } from "vitest";
import {
  determineInvoiceStatus,
  isInvoiceStatus,
  isSettlementAllowed,
  labelInvoiceStatus,
  listInvoiceStatuses,
} from "./invoice-status.ts";

describe("labelInvoiceStatus (spec 4)", () => {
  it.each([
    ["pending", "customer", "Pending"],
    ["partial", "customer", "Partly Received"],
    ["partial", "supplier", "Partly Paid"],
    ["received", "customer", "Received"],
    ["paid", "supplier", "Paid"],
  ] as const)("%s on %s -> %s", (status, side, label) => {
    expect(labelInvoiceStatus(status, side)).toBe(label);
  });
});

describe("listInvoiceStatuses", () => {
  it("ends in received for sales and paid for purchases", () => {
    expect(listInvoiceStatuses("customer")).toEqual(["pending", "partial", "received"]);
    expect(listInvoiceStatuses("supplier")).toEqual(["pending", "partial", "paid"]);
  });
});

describe("isInvoiceStatus", () => {
  it.each([
    ["pending", true],
    ["paid", true],
    ["Pending", false],
    ["", false],
  ])("%s -> %s", (value, expected) => {
    expect(isInvoiceStatus(value)).toBe(expected);
  });
});

describe("isSettlementAllowed", () => {
  it.each([
    ["pending", true],
    ["partial", true],
    ["received", false],
    ["paid", false],
  ] as const)("%s -> %s", (status, expected) => {
    expect(isSettlementAllowed(status)).toBe(expected);
  });
});

describe("determineInvoiceStatus (spec 4)", () => {
  it.each([
    ["customer", 118_000, 118_000, "pending"],
    ["customer", 118_000, 100, "partial"],
    ["customer", 118_000, 0, "received"],
    ["supplier", 118_000, 0, "paid"],
    ["supplier", 118_000, -5, "paid"],
    ["supplier", 118_000, 118_001, "pending"],
  ] as const)("%s total %d pending %d -> %s", (side, total, pending, status) => {
    expect(determineInvoiceStatus(side, total, pending)).toBe(status);
  });
});
