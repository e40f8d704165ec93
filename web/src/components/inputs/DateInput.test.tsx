import { DATE_INPUT_MESSAGES } from "@bahi/domain";
import { MantineProvider } from "@mantine/core";
import { Notifications, notifications } from "@mantine/notifications";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { DateInput } from "./DateInput.tsx";

afterEach(() => notifications.clean());

function Harness({ onDate, initial }: { onDate: (date: string) => void; initial: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <DateInput
      label="Date"
      financialYear="2024-25"
      today="2024-08-15"
      value={value}
      onChange={(date) => {
        setValue(date);
        onDate(date);
      }}
    />
  );
}

function setUp(initial: string | null = "2024-08-10") {
  const onDate = vi.fn();
  render(
    <MantineProvider env="test">
      <Notifications />
      <Harness onDate={onDate} initial={initial} />
    </MantineProvider>,
  );
  const input = screen.getByRole("textbox", { name: "Date" }) as HTMLInputElement;
  return { input, onDate };
}

function enter(input: HTMLInputElement, text: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

describe("DateInput (spec 5 'Date input')", () => {
  test("shows the date as dd-MM-yyyy", () => {
    const { input } = setUp();
    expect(input.value).toBe("10-08-2024");
  });

  test("letters and most symbols are dropped while typing", () => {
    const { input } = setUp();
    fireEvent.change(input, { target: { value: "5a-6b/24#" } });
    expect(input.value).toBe("5-6/24");
  });

  test.each([
    ["5-6-24", "2024-06-05", "05-06-2024"],
    ["5/6/2024", "2024-06-05", "05-06-2024"],
    ["5.6.", "2024-06-05", "05-06-2024"],
    ["5-2", "2025-02-05", "05-02-2025"],
    ["16", "2024-07-16", "16-07-2024"],
    ["14", "2024-08-14", "14-08-2024"],
  ])("%s on leaving is %s", (typed, date, shown) => {
    const { input, onDate } = setUp();
    enter(input, typed);
    expect(onDate).toHaveBeenLastCalledWith(date);
    expect(input.value).toBe(shown);
  });

  test.each([
    ["123-6-24", DATE_INPUT_MESSAGES.dayTooLong],
    ["12-123-24", DATE_INPUT_MESSAGES.monthTooLong],
    ["12-6-20245", DATE_INPUT_MESSAGES.yearTooLong],
    ["32-6-24", DATE_INPUT_MESSAGES.dayOver31],
    ["12-13-24", DATE_INPUT_MESSAGES.monthOver12],
    ["31-4-24", DATE_INPUT_MESSAGES.dayNotInMonth],
    ["0-6-24", DATE_INPUT_MESSAGES.zero],
    ["1 6-24", DATE_INPUT_MESSAGES.space],
    ["30-2-25", DATE_INPUT_MESSAGES.invalid],
    ["5-6-2023", DATE_INPUT_MESSAGES.outsideFinancialYear],
  ])("%s reverts to the old date with the danger toast '%s'", async (typed, message) => {
    const { input, onDate } = setUp();
    enter(input, typed);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(input.value).toBe("10-08-2024");
    expect(onDate).not.toHaveBeenCalled();
  });

  test("the spec's titles, verbatim", () => {
    expect(Object.values(DATE_INPUT_MESSAGES)).toEqual([
      "Invalid Date - Date cannot be more than 2 digits. Reverted to old date.",
      "Invalid Date - Month cannot be more than 2 digits. Reverted to old date.",
      "Invalid Date - Year cannot be more than 4 digits. Reverted to old date.",
      "Date cannot be more than 31",
      "Month cannot be more than 12",
      "Invalid Date. Reverted to old date.",
      "Date, month or year cannot be 0",
      "Do not use space in date",
      "Invalid Date",
      "Date should be within current financial year.",
    ]);
  });

  test("Up and Down add or subtract a day, inside the financial year", () => {
    const { input, onDate } = setUp("2025-03-30");
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(onDate).toHaveBeenLastCalledWith("2025-03-31");
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input.value).toBe("31-03-2025");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(onDate).toHaveBeenLastCalledWith("2025-03-29");
    expect(input.value).toBe("29-03-2025");
  });

  test("Up after typing steps from the typed date", () => {
    const { input, onDate } = setUp();
    fireEvent.change(input, { target: { value: "1-9" } });
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(onDate).toHaveBeenLastCalledWith("2024-09-02");
    expect(input.value).toBe("02-09-2024");
  });

  test("Enter reads the date before the form sees it", () => {
    const { input, onDate } = setUp();
    fireEvent.change(input, { target: { value: "20-9" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onDate).toHaveBeenLastCalledWith("2024-09-20");
  });
});
