import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, test, vi } from "vitest";
import { GstRateSelect, gstRateOptions } from "./GstRateSelect.tsx";

describe("GST rate options (spec 5 'GST rate dropdown')", () => {
  test("0, 3, 5, 12, 18, 28 and Exempt for a document before 22 September 2025", () => {
    expect(gstRateOptions("2024-06-01").map((option) => option.label)).toEqual([
      "0%",
      "3%",
      "5%",
      "12%",
      "18%",
      "28%",
      "Exempt",
    ]);
  });

  test("40% too from 22 September 2025", () => {
    expect(gstRateOptions("2025-09-22").map((option) => option.label)).toContain("40%");
    expect(gstRateOptions("2025-09-21").map((option) => option.label)).not.toContain("40%");
  });

  test("a saved rate not offered on the date stays choosable", () => {
    expect(gstRateOptions("2024-06-01", 40).at(-1)).toEqual({ value: "40", label: "40%" });
    expect(gstRateOptions("2024-06-01", 0.25).at(-1)).toEqual({ value: "0.25", label: "0.25%" });
  });
});

function Harness({ onRate }: { onRate: (code: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <GstRateSelect
      date="2024-06-01"
      value={value}
      onChange={(code) => {
        setValue(code);
        onRate(code);
      }}
    />
  );
}

function setUp() {
  const onRate = vi.fn();
  render(
    <MantineProvider env="test">
      <Harness onRate={onRate} />
    </MantineProvider>,
  );
  const input = screen.getByRole("combobox", { name: "GST Rate" });
  // Mantine reads a change to an input without the focus as autofill, not typing.
  input.focus();
  return { input, onRate };
}

describe("GstRateSelect", () => {
  test("filters as typed and says 'No GST Rate Found' when nothing matches", () => {
    const { input } = setUp();
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: "1" } });
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "12%",
      "18%",
    ]);
    fireEvent.change(input, { target: { value: "9" } });
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    expect(screen.getByText("No GST Rate Found")).toBeTruthy();
  });

  test("gives the rate code: a percentage, or -1 for Exempt", () => {
    const { input, onRate } = setUp();
    fireEvent.click(input);
    fireEvent.click(screen.getByRole("option", { name: "Exempt" }));
    expect(onRate).toHaveBeenLastCalledWith(-1);
    input.focus();
    fireEvent.change(input, { target: { value: "18" } });
    fireEvent.click(screen.getByRole("option", { name: "18%" }));
    expect(onRate).toHaveBeenLastCalledWith(18);
  });
});
