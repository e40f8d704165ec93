import { describe, expect, test } from "vitest";
import {
  ANY_CHANGE,
  makesScreenStale,
  OWN_CHANGE_MEMORY_MS,
  OwnChanges,
  parseChangeEvent,
  reconnectDelayMs,
} from "./change-feed.ts";

const EVENT = {
  id: "e1",
  entityType: "salesInvoice",
  entityId: "inv-1",
  action: "created",
  userId: "u1",
  tabId: "tab-elsewhere",
};

describe("the change feed (spec 2.7 Page Refresh Required)", () => {
  test("reads the server's event data", () => {
    expect(parseChangeEvent(JSON.stringify({ ...EVENT, createdAt: "x" }))).toEqual(EVENT);
    expect(parseChangeEvent("not json")).toBeNull();
    expect(parseChangeEvent(JSON.stringify({ id: "e2" }))).toBeNull();
  });

  test("a change made elsewhere to what the screen shows makes it stale", () => {
    const own = new OwnChanges();
    const salesOnly = (event: { entityType: string }) => event.entityType === "salesInvoice";
    expect(makesScreenStale(EVENT, salesOnly, own)).toBe(true);
    expect(makesScreenStale({ ...EVENT, entityType: "receipts" }, salesOnly, own)).toBe(false);
    expect(makesScreenStale(EVENT, () => false, own)).toBe(false);
  });

  test("this tab's own changes do not, for a minute", () => {
    const own = new OwnChanges();
    own.record(["inv-1"], 1000);
    expect(makesScreenStale(EVENT, ANY_CHANGE, own, 1000)).toBe(false);
    expect(makesScreenStale(EVENT, ANY_CHANGE, own, 1000 + OWN_CHANGE_MEMORY_MS)).toBe(false);
    expect(makesScreenStale(EVENT, ANY_CHANGE, own, 1001 + OWN_CHANGE_MEMORY_MS)).toBe(true);
  });

  test("a change made by this tab never does, whatever it touched; the same person's other tab does", () => {
    const own = new OwnChanges();
    // Saving an item moves the Closing Stock account's opening (decision 040): not recorded as own
    // by id, but made by this tab.
    const account = { ...EVENT, entityType: "account", entityId: "closing-stock", tabId: "tab-1" };
    expect(makesScreenStale(account, ANY_CHANGE, own, 1000, "tab-1")).toBe(false);
    expect(makesScreenStale(account, ANY_CHANGE, own, 1000, "tab-2")).toBe(true);
    expect(makesScreenStale({ ...account, tabId: null }, ANY_CHANGE, own, 1000, "tab-1")).toBe(
      true,
    );
  });

  test("reconnects after 3 s, backing off to 30 s", () => {
    expect([1, 2, 3, 4, 5, 9].map(reconnectDelayMs)).toEqual([
      3000, 6000, 12000, 24000, 30000, 30000,
    ]);
  });
});
