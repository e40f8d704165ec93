import { describe, expect, it } from "vitest";
import { findAccountGroup } from "../reference/account-groups.ts";
import { labelStatementGroup } from "./sales-figures.ts";

describe("statement group headings (issue 40)", () => {
  it("Sales and Purchases say they hold no GST; other groups and the statement's own lines keep their names", () => {
    const id = (name: string) => findAccountGroup(name)?.id ?? -1;
    expect(labelStatementGroup({ groupId: id("Sales"), name: "Sales" })).toBe(
      "Sales (excluding GST)",
    );
    expect(labelStatementGroup({ groupId: id("Purchases"), name: "Purchases" })).toBe(
      "Purchases (excluding GST)",
    );
    expect(labelStatementGroup({ groupId: id("Direct Income"), name: "Direct Income" })).toBe(
      "Direct Income",
    );
    expect(labelStatementGroup({ groupId: null, name: "Closing Stock" })).toBe("Closing Stock");
  });
});
