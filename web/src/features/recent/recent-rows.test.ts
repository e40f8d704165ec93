import { describe, expect, test } from "vitest";
import { describeRecentRows, moveHighlight } from "./recent-rows.ts";

const scope = { organisationId: "o1", year: "2025-26" };

describe("recent transactions rows (spec 2.7)", () => {
  test("date, type, amount, add/edit date and add/edit, linking to the edit route", () => {
    const [row] = describeRecentRows(
      [
        {
          _id: "j1",
          type: "journal",
          voucherType: "journalEntry",
          amount: 1500.5,
          date: "2025-06-01",
          updatedAt: "2025-06-01T04:30:00.000Z",
          addOrEdit: "Edit",
        },
      ],
      scope,
    );
    expect(row).toEqual({
      id: "j1",
      date: "01-06-2025",
      type: "Journal Entry",
      amount: "1,500.50",
      addEditDate: "01-06-2025 10:00 am",
      addOrEdit: "Edit",
      path: "/o1/2025-26/journal/edit/j1",
    });
  });

  test("the summary type alone is enough", () => {
    const [row] = describeRecentRows(
      [
        {
          _id: "s1",
          type: "sales",
          amount: 1,
          date: "2025-06-01",
          updatedAt: "",
          addOrEdit: "Add",
        },
      ],
      scope,
    );
    expect(row?.type).toBe("Sales Invoice");
    expect(row?.path).toBe("/o1/2025-26/sales/edit/s1");
  });

  test("Up and Down stop at the ends", () => {
    expect(moveHighlight(0, -1, 3)).toBe(0);
    expect(moveHighlight(0, 1, 3)).toBe(1);
    expect(moveHighlight(2, 1, 3)).toBe(2);
    expect(moveHighlight(0, 1, 0)).toBe(0);
  });
});
