import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, test } from "vitest";
import { GSTIN_HINT, GstinInput } from "./GstinInput.tsx";

function Harness() {
  const [value, setValue] = useState("");
  return <GstinInput value={value} onChange={setValue} />;
}

function setUp() {
  render(
    <MantineProvider env="test">
      <Harness />
    </MantineProvider>,
  );
  return screen.getByRole("textbox", { name: "GSTIN" }) as HTMLInputElement;
}

const type = (input: HTMLInputElement, value: string) =>
  fireEvent.change(input, { target: { value } });

describe("GSTIN input (spec 5)", () => {
  test("shows the hint and counts characters out of 15", () => {
    const input = setUp();
    expect(screen.getByText(GSTIN_HINT)).toBeTruthy();
    expect(screen.getByText("0 / 15")).toBeTruthy();
    type(input, "27aap");
    expect(screen.getByText("5 / 15")).toBeTruthy();
  });

  test("upper-cases as typed", () => {
    const input = setUp();
    type(input, "27aapfu0939f1zv");
    expect(input.value).toBe("27AAPFU0939F1ZV");
  });

  test("too short is an error only on leaving the field", () => {
    const input = setUp();
    fireEvent.focus(input);
    type(input, "27AAPFU0939");
    expect(screen.queryByText("GSTIN should be of exactly 15 characters.")).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByText("GSTIN should be of exactly 15 characters.")).toBeTruthy();
  });

  test("too long is an error at once", () => {
    const input = setUp();
    fireEvent.focus(input);
    type(input, "27AAPFU0939F1ZVA");
    expect(screen.getByText("GSTIN should be of exactly 15 characters.")).toBeTruthy();
  });

  test("15 characters with a wrong check character are not valid; a right one is", () => {
    const input = setUp();
    fireEvent.focus(input);
    type(input, "27AAPFU0939F1ZX");
    expect(screen.getByText("GSTIN is not valid.")).toBeTruthy();
    type(input, "27AAPFU0939F1ZV");
    expect(screen.queryByText("GSTIN is not valid.")).toBeNull();
    expect(input.getAttribute("aria-invalid")).not.toBe("true");
  });

  test("blank is fine: the GSTIN is optional", () => {
    const input = setUp();
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(input.getAttribute("aria-invalid")).not.toBe("true");
  });

  test("shows the lookup running beside the counter", () => {
    render(
      <MantineProvider env="test">
        <GstinInput value="27AAPFU0939F1ZV" onChange={() => {}} loading />
      </MantineProvider>,
    );
    expect(screen.getByLabelText("Looking up the GSTIN")).toBeTruthy();
    expect(screen.getByText("15 / 15")).toBeTruthy();
  });
});
