import { buildVoucherScreenPath, type VoucherType } from "@bahi/domain";
import { useNavigate } from "react-router";

/** What the editor does once the entry is saved (spec 2.6: Ctrl+A, Ctrl+S, Ctrl+D, Ctrl+P). */
export type SaveAfter = "close" | "new" | "duplicate" | "print";

/** Where the editor goes: back (Cancel, Esc), to the list, a new or duplicate entry, the print. */
export function useEntryNavigation(
  scope: { organisationId: string; year: string },
  type: VoucherType,
) {
  const navigate = useNavigate();

  function leave() {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(buildVoucherScreenPath(scope, type, { screen: "list" }));
  }

  function openPrint(entryId: string) {
    navigate(buildVoucherScreenPath(scope, type, { screen: "print", id: entryId }));
  }

  function goAfterSave(after: SaveAfter, entryId: string) {
    if (after === "close") navigate(buildVoucherScreenPath(scope, type, { screen: "list" }));
    if (after === "new") {
      navigate(buildVoucherScreenPath(scope, type, { screen: "add" }), {
        state: { fresh: Date.now() },
      });
    }
    if (after === "duplicate") {
      navigate(buildVoucherScreenPath(scope, type, { screen: "duplicate", id: entryId }));
    }
    if (after === "print") openPrint(entryId);
  }

  return { leave, openPrint, goAfterSave };
}
