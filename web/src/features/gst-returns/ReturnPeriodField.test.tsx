import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useSearchParams } from "react-router";
import { beforeEach, describe, expect, test } from "vitest";
import { renderPage } from "../../test/render.tsx";
import { ReturnPeriodField, useReturnPeriod } from "./ReturnPeriodField.tsx";

/** A return screen's period as the pages use it: the box, and the query it gives. */
function PeriodProbe({
  kind,
  organisationId = "org-1",
}: {
  kind?: "gstr1" | "iff";
  organisationId?: string;
}) {
  const [params, setParams] = useSearchParams();
  const period = useReturnPeriod({
    organisationId,
    year: "2024-25",
    today: "2024-10-15",
    ...(kind ? { kind } : {}),
    onApply: (periodText) => setParams({ period: periodText, tab: "kept" }),
  });
  return (
    <>
      <ReturnPeriodField period={period} description="A month or a quarter" />
      <output data-testid="query">{JSON.stringify(period.query)}</output>
      <output data-testid="address">{params.toString()}</output>
    </>
  );
}

const query = () => JSON.parse(screen.getByTestId("query").textContent ?? "null");
const box = () => screen.getByRole("textbox", { name: /Period/ }) as HTMLInputElement;
const address = () => screen.getByTestId("address").textContent;

describe("the return screens' period (useReturnPeriod, ReturnPeriodField)", () => {
  beforeEach(() => localStorage.clear());

  test("reopens on the period last used in the organisation and year (issue 40)", () => {
    const first = renderPage(<PeriodProbe />, { at: "/returns?period=Jun%202024" });
    expect(query()).toMatchObject({ startDate: "2024-06-01" });
    first.unmount();
    const again = renderPage(<PeriodProbe />, { at: "/returns" });
    expect(box().value).toBe("Jun 2024");
    expect(query()).toMatchObject({ startDate: "2024-06-01", endDate: "2024-06-30" });
    again.unmount();
    // Another organisation keeps its own; a period this return does not take falls back.
    const other = renderPage(<PeriodProbe organisationId="org-2" />, { at: "/returns" });
    expect(box().value).toBe("Sep 2024");
    other.unmount();
    const quarter = renderPage(<PeriodProbe />, {
      at: "/returns?period=Jul%202024%20to%20Sep%202024",
    });
    quarter.unmount();
    renderPage(<PeriodProbe kind="iff" />, { at: "/returns" });
    expect(box().value).toBe("Sep 2024");
  });

  test("without ?period= it is last month, as a query of the organisation and year", () => {
    renderPage(<PeriodProbe />, { at: "/returns" });
    expect(box().value).toBe("Sep 2024");
    expect(query()).toEqual({
      organisationId: "org-1",
      year: "2024-25",
      startDate: "2024-09-01",
      endDate: "2024-09-30",
    });
  });

  test("a quarter typed is applied on Enter: onApply gets the trimmed text", async () => {
    renderPage(<PeriodProbe />, { at: "/returns?period=Sep%202024" });
    fireEvent.change(box(), { target: { value: "  Jul 2024 to Sep 2024 " } });
    fireEvent.keyDown(box(), { key: "Enter" });
    await waitFor(() => expect(address()).toBe("period=Jul+2024+to+Sep+2024&tab=kept"));
    expect(query()).toMatchObject({ startDate: "2024-07-01", endDate: "2024-09-30" });
  });

  test("a wrong period shows its message on blur and changes nothing", () => {
    renderPage(<PeriodProbe kind="iff" />, { at: "/returns?period=Aug%202024" });
    fireEvent.change(box(), { target: { value: "Jul 2024 to Sep 2024" } });
    fireEvent.blur(box());
    expect(
      screen.getByText("IFF is filed for one month: enter a month such as Aug 2024."),
    ).toBeTruthy();
    expect(address()).toBe("period=Aug+2024");
    expect(query()).toMatchObject({ startDate: "2024-08-01", endDate: "2024-08-31" });
  });

  test("a wrong period in the address gives no query and says why", () => {
    renderPage(<PeriodProbe />, { at: "/returns?period=Sep%202023" });
    expect(query()).toBeNull();
    expect(screen.getByText("The period must lie inside the financial year.")).toBeTruthy();
  });
});
