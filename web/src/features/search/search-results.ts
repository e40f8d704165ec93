import { buildVoucherScreenPath, isVoucherType, type OrganisationYear } from "@bahi/domain";
import { organisationPath } from "../../app/routes.ts";
import type { TopSearchResult } from "./search.api.ts";

/** spec 5 "Global search", spec 9. */
export const TOP_SEARCH_MIN_LENGTH = 3;
export const TOP_SEARCH_TOO_SHORT = "Please enter at least 3 characters to search";

/** null when the text may be searched (or is empty); else the spec's message. */
export function checkSearchText(text: string): string | null {
  const length = text.trim().length;
  return length > 0 && length < TOP_SEARCH_MIN_LENGTH ? TOP_SEARCH_TOO_SHORT : null;
}

/** Where a result opens: an account's ledger, an item's ledger, a transaction's edit page. */
export function describeSearchResultPath(
  result: TopSearchResult,
  scope: OrganisationYear,
): string | null {
  switch (result.kind) {
    case "account":
      return organisationPath(
        scope.organisationId,
        scope.year,
        `ledger/${encodeURIComponent(result._id)}`,
      );
    case "item":
      return organisationPath(
        scope.organisationId,
        scope.year,
        `item-ledger/${encodeURIComponent(result._id)}`,
      );
    case "transaction":
      return result.voucherType && isVoucherType(result.voucherType)
        ? buildVoucherScreenPath(scope, result.voucherType, { screen: "edit", id: result._id })
        : null;
    default:
      return null;
  }
}
