import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, test, vi } from "vitest";
import { AmountInput } from "./AmountInput.tsx";

function Harness({
  onPaise,
  allowNegative,
  max,
  initial = 0,
}: {
  onPaise: (paise: number) => void;
  allowNegative?: boolean;
  max?: number;
  initial?: number;
}) {
  const [value, setValue] = useState(initial);
  return (
    <AmountInput
      label="Amount"
      value={value}
      onChange={(paise) => {
        setValue(paise);
        onPaise(paise);
      }}
      {...(allowNegative ? { allowNegative } : {})}
      {...(max !== undefined ? { max } : {})}
    />
  );
}

function setUp(props: { allowNegative?: boolean; max?: number; initial?: number } = {}) {
  const onPaise = vi.fn();
  render(
    <MantineProvider env="test">
      <Harness onPaise={onPaise} {...props} />
    </MantineProvider>,
  );
  const input = screen.getByRole("textbox", { name: "Amount" }) as HTMLInputElement;
  fireEvent.focus(input);
  return { input, onPaise };
}

/** Types character by character, as a keyboard would: each refused keystroke is lost. */
function typeKeys(input: HTMLInputElement, keys: string) {
  for (const key of keys) fireEvent.change(input, { target: { value: input.value + key } });
}

describe("AmountInput (spec 5 'Amount input')", () => {
  test("takes digits and one decimal point only", () => {
    const { input } = setUp();
    typeKeys(input, "12a3.4.5b");
    expect(input.value).toBe("123.45");
  });

  test("a minus only when negatives are allowed, and only leading", () => {
    const positive = setUp();
    typeKeys(positive.input, "-5");
    expect(positive.input.value).toBe("5");
  });

  test("a leading minus reads as a negative amount", () => {
    const { input, onPaise } = setUp({ allowNegative: true });
    typeKeys(input, "-12-.5");
    expect(input.value).toBe("-12.5");
    expect(onPaise).toHaveBeenLastCalledWith(-1250);
  });

  test("at most 9 digits before the point and 2 after", () => {
    const { input, onPaise } = setUp();
    typeKeys(input, "12345678901");
    expect(input.value).toBe("123456789");
    typeKeys(input, ".999");
    expect(input.value).toBe("123456789.99");
    expect(onPaise).toHaveBeenLastCalledWith(12345678999);
  });

  test("nothing above the maximum", () => {
    const { input, onPaise } = setUp({ max: 10_000 });
    typeKeys(input, "100.5");
    expect(input.value).toBe("100.");
    expect(onPaise).toHaveBeenLastCalledWith(10_000);
    fireEvent.change(input, { target: { value: "99.99" } });
    expect(onPaise).toHaveBeenLastCalledWith(9999);
  });

  test("parses to paise and shows Indian grouping with 2 decimals on leaving", () => {
    const { input, onPaise } = setUp();
    typeKeys(input, "1234567.8");
    expect(onPaise).toHaveBeenLastCalledWith(123456780);
    fireEvent.blur(input);
    expect(input.value).toBe("12,34,567.80");
  });

  test("an amount given from outside shows grouped; focusing keeps it and typing replaces it", () => {
    const { input, onPaise } = setUp({ initial: 1_000_000_00 });
    expect(input.value).toBe("10,00,000.00");
    fireEvent.change(input, { target: { value: "250" } });
    expect(onPaise).toHaveBeenLastCalledWith(25000);
    fireEvent.blur(input);
    expect(input.value).toBe("250.00");
  });

  test("empty is zero and shows the placeholder", () => {
    const { input, onPaise } = setUp({ initial: 500 });
    fireEvent.change(input, { target: { value: "" } });
    expect(onPaise).toHaveBeenLastCalledWith(0);
    fireEvent.blur(input);
    expect(input.value).toBe("");
    expect(input.placeholder).toBe("0.00");
  });
});
