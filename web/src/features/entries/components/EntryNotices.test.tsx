import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderPage } from "../../../test/render.tsx";
import { OldVersionNotice } from "./EntryNotices.tsx";

const scope = { organisationId: "org-1", year: "2026-27" };
const entry = (extra: Record<string, unknown>) => ({
  _id: "v1",
  version: 1,
  currentVersion: 2,
  savedAt: "2026-11-25T15:11:37.000Z",
  isCurrent: false,
  ...extra,
});

describe("old version banner (issue 25)", () => {
  test("an older version: saved at dd-MM-yyyy, with the way to the current one", async () => {
    renderPage(
      <OldVersionNotice type="salesInvoice" entry={entry({})} entryId="v1" scope={scope} />,
    );
    const text = await screen.findByText(/This is an older version of the entry\./);
    expect(text.textContent).toMatch(/Saved 25-11-2026 \d\d:\d\d [ap]m\./);
    expect(screen.getByRole("link", { name: "Open the current version (version 2)" })).toBeTruthy();
  });

  test("a deleted entry's version says it is deleted and offers no current version", async () => {
    renderPage(
      <OldVersionNotice
        type="salesInvoice"
        entry={entry({ deleted: true })}
        entryId="v1"
        scope={scope}
      />,
    );
    expect(await screen.findByText(/This entry has been deleted\./)).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Open the current version/ })).toBeNull();
  });
});
