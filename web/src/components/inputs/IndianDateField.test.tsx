import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, test } from "vitest";
import { IndianDateField, readIndianDate } from "./IndianDateField.tsx";

function Probe({ initial = "" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <IndianDateField label="From" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
}

describe("IndianDateField (issue 40: dates in Indian order everywhere)", () => {
  test("reads dd-mm-yyyy with any separator, one-digit parts, or nothing", () => {
    expect(readIndianDate("05-09-2024")).toBe("2024-09-05");
    expect(readIndianDate("5/9/2024")).toBe("2024-09-05");
    expect(readIndianDate("  ")).toBeNull();
    expect(readIndianDate("09/31/2024")).toBe("invalid");
    expect(readIndianDate("2024-09-05")).toBe("invalid");
  });

  test("shows the date as dd-mm-yyyy and gives back YYYY-MM-DD; a wrong date says how to type it", () => {
    render(<Probe initial="2024-09-05" />);
    const box = screen.getByRole("textbox", { name: "From" }) as HTMLInputElement;
    expect(box.value).toBe("05-09-2024");
    expect(box.type).toBe("text");
    fireEvent.change(box, { target: { value: "1.10.2024" } });
    fireEvent.blur(box);
    expect(screen.getByTestId("value").textContent).toBe("2024-10-01");
    expect(box.value).toBe("01-10-2024");
    fireEvent.change(box, { target: { value: "31-02-2024" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(screen.getByText("Enter the date as dd-mm-yyyy, for example 05-09-2024.")).toBeTruthy();
    expect(screen.getByTestId("value").textContent).toBe("2024-10-01");
    fireEvent.change(box, { target: { value: "" } });
    fireEvent.blur(box);
    expect(screen.getByTestId("value").textContent).toBe("");
  });
});
