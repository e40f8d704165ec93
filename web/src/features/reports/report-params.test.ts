import { describe, expect, test } from "vitest";
import {
  patchSearchParams,
  readChoiceParam,
  readCountParam,
  readDateParam,
} from "./report-params.ts";

describe("report params", () => {
  test("a patch sets values and removes empty ones", () => {
    const next = patchSearchParams(new URLSearchParams("from=2025-04-01&view=summary"), {
      to: "2025-06-30",
      view: null,
      page: undefined,
      party: "",
      limit: 10,
    });
    expect(next.toString()).toBe("from=2025-04-01&to=2025-06-30&limit=10");
  });

  test("dates count only inside the open financial year", () => {
    expect(readDateParam("2025-06-30", "2025-26")).toBe("2025-06-30");
    expect(readDateParam("2026-04-01", "2025-26")).toBeNull();
    expect(readDateParam("2025-02-30", "2025-26")).toBeNull();
    expect(readDateParam(null, "2025-26")).toBeNull();
  });

  test("choices and counts fall back when the address holds anything else", () => {
    expect(readChoiceParam("quarter", ["month", "quarter"], "month")).toBe("quarter");
    expect(readChoiceParam("year", ["month", "quarter"], "month")).toBe("month");
    expect(readCountParam("25", 100)).toBe(25);
    expect(readCountParam("0", 100)).toBeNull();
    expect(readCountParam("2.5", 100)).toBeNull();
    expect(readCountParam("101", 100)).toBeNull();
  });
});
