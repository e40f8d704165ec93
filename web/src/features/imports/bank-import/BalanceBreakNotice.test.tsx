import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, test } from "vitest";
import { renderPage } from "../../../test/render.tsx";
import { BalanceBreakNotice } from "./BalanceBreakNotice.tsx";

const BREAK = { rowNumber: 6, expectedPaise: 1_050_000, foundPaise: 1_000_000 };

function Harness({ saved = false }: { saved?: boolean }) {
  const [seen, setSeen] = useState(false);
  return (
    <>
      <BalanceBreakNotice
        balanceBreak={BREAK}
        acknowledged={seen}
        onAcknowledge={setSeen}
        saved={saved}
      />
      <button type="button" disabled={!seen}>
        Save accepted
      </button>
    </>
  );
}

describe("BalanceBreakNotice (issue 36)", () => {
  test("shows the break with both balances and asks before the save is allowed", async () => {
    renderPage(<Harness />);
    expect(
      await screen.findByText(
        /The balance breaks at row 6 of the statement: it should be ₹10,500.00 but the statement says ₹10,000.00/,
      ),
    ).toBeTruthy();
    const save = screen.getByRole("button", { name: "Save accepted" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/I have seen the break/));
    expect(save.disabled).toBe(false);
  });

  test("once everything is saved the break is only shown", async () => {
    renderPage(<Harness saved />);
    expect(await screen.findByText(/The balance breaks at row 6/)).toBeTruthy();
    expect(screen.queryByLabelText(/I have seen the break/)).toBeNull();
  });
});
