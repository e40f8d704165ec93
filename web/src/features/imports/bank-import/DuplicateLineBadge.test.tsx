import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderPage } from "../../../test/render.tsx";
import { DuplicateLineBadge } from "./DuplicateLineBadge.tsx";

describe("DuplicateLineBadge (issue 40)", () => {
  test("a line entered by hand says it is already in books and names the voucher", async () => {
    renderPage(
      <DuplicateLineBadge
        line={{
          duplicate: true,
          alreadyInBooks: {
            voucherId: "v1",
            voucherType: "receipts",
            number: "RCT-5",
            date: "2025-05-10",
          },
        }}
      >
        <span>Import anyway</span>
      </DuplicateLineBadge>,
    );
    expect(await screen.findByText("Already in books")).toBeTruthy();
    expect(screen.getByText("Receipt RCT-5 of 10-05-2025")).toBeTruthy();
    expect(screen.getByText("Import anyway")).toBeTruthy();
    expect(screen.queryByText("Duplicate")).toBeNull();
  });

  test("a line imported before is a Duplicate; a fresh line shows nothing", async () => {
    const { unmount } = renderPage(
      <DuplicateLineBadge line={{ duplicate: true, alreadyInBooks: null }} />,
    );
    expect(await screen.findByText("Duplicate")).toBeTruthy();
    expect(screen.queryByText("Already in books")).toBeNull();
    unmount();
    renderPage(<DuplicateLineBadge line={{ duplicate: false, alreadyInBooks: null }} />);
    expect(screen.queryByText("Duplicate")).toBeNull();
  });
});
