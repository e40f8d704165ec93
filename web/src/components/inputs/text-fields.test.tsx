import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, test } from "vitest";
import { TextAreaField } from "./TextAreaField.tsx";
import { TextField } from "./TextField.tsx";
import { applyTextCase, capitaliseSentences, type TextCaseMode } from "./text-case.ts";

describe("text case modes (spec 5 'Text input')", () => {
  test.each<[TextCaseMode, string, string]>([
    ["title", "sharma traders pvt. ltd.", "Sharma Traders Pvt. Ltd."],
    ["title", "ABC steel (india)", "ABC Steel (India)"],
    ["capital", "aapfu0939f", "AAPFU0939F"],
    ["lower", "Accounts@Sharma.IN", "accounts@sharma.in"],
    ["same", "mIxEd Case", "mIxEd Case"],
  ])("%s: %s → %s", (mode, typed, shown) => {
    expect(applyTextCase(typed, mode)).toBe(shown);
  });

  test("the text area capitalises each line and sentence", () => {
    expect(capitaliseSentences("first line. second one! third?  fourth\nnew line")).toBe(
      "First line. Second one! Third?  Fourth\nNew line",
    );
  });
});

function Field({ mode, max }: { mode: TextCaseMode; max?: number }) {
  const [value, setValue] = useState("");
  return (
    <TextField
      label="Name"
      caseMode={mode}
      value={value}
      onChange={setValue}
      {...(max ? { maxChars: max } : {})}
    />
  );
}

function renderField(mode: TextCaseMode, max?: number) {
  render(
    <MantineProvider env="test">
      <Field mode={mode} {...(max ? { max } : {})} />
    </MantineProvider>,
  );
  return screen.getByRole("textbox", { name: "Name" }) as HTMLInputElement;
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe("TextField", () => {
  test.each<[TextCaseMode, string]>([
    ["title", "Bharat Steel Works"],
    ["capital", "BHARAT STEEL WORKS"],
    ["lower", "bharat steel works"],
    ["same", "bharat Steel works"],
  ])("%s mode as typed", (mode, shown) => {
    const input = renderField(mode);
    type(input, "bharat Steel works");
    expect(input.value).toBe(shown);
  });

  test("a limit shows the counter n / max and cuts longer text", () => {
    const input = renderField("same", 10);
    expect(screen.getByText("0 / 10")).toBeTruthy();
    type(input, "AAPFU");
    expect(screen.getByText("5 / 10")).toBeTruthy();
    type(input, "AAPFU0939F-EXTRA");
    expect(input.value).toBe("AAPFU0939F");
    expect(screen.getByText("10 / 10")).toBeTruthy();
    expect(input.maxLength).toBe(10);
  });

  test("without a limit there is no counter", () => {
    renderField("same");
    expect(screen.queryByText(/\/ \d+$/)).toBeNull();
  });
});

function Area({ enforceMax }: { enforceMax: boolean }) {
  const [value, setValue] = useState("");
  return (
    <TextAreaField
      label="Address"
      maxChars={20}
      enforceMax={enforceMax}
      value={value}
      onChange={setValue}
    />
  );
}

describe("TextAreaField", () => {
  test("capitalises sentences, counts and cuts at the limit", () => {
    render(
      <MantineProvider env="test">
        <Area enforceMax />
      </MantineProvider>,
    );
    const area = screen.getByRole("textbox", { name: "Address" }) as HTMLTextAreaElement;
    type(area, "plot 12. midc road");
    expect(area.value).toBe("Plot 12. Midc road");
    expect(screen.getByText("18 / 20")).toBeTruthy();
    type(area, "plot 12. midc road, andheri");
    expect(area.value).toHaveLength(20);
  });

  test("can let the text run past the limit, for a message of its own", () => {
    render(
      <MantineProvider env="test">
        <Area enforceMax={false} />
      </MantineProvider>,
    );
    const area = screen.getByRole("textbox", { name: "Address" }) as HTMLTextAreaElement;
    type(area, "x".repeat(25));
    expect(area.value).toHaveLength(25);
    expect(screen.getByText("25 / 20")).toBeTruthy();
  });
});
