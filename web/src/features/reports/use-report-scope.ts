import { buildVoucherScreenPath, type CivilDate, isVoucherType, todayCivil } from "@bahi/domain";
import { useMemo } from "react";
import { organisationPath } from "../../app/routes.ts";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";

/** The organisation and year of a report route, with the paths its rows link to. */
export function useReportScope() {
  const { organisation, year } = useOrganisationScope();
  return useMemo(() => {
    const today: CivilDate = todayCivil();
    const pathTo = (page: string) => organisationPath(organisation._id, year, page);
    return {
      organisation,
      year,
      today,
      pathTo,
      /** ledger/{accountId}, with the report's range so the ledger shows the same days. */
      ledgerPath: (accountId: string, range?: { from?: string; to?: string }) => {
        const query = new URLSearchParams();
        if (range?.from) query.set("from", range.from);
        if (range?.to) query.set("to", range.to);
        const search = query.toString();
        return `${pathTo(`ledger/${encodeURIComponent(accountId)}`)}${search ? `?${search}` : ""}`;
      },
      itemLedgerPath: (itemId: string) => pathTo(`item-ledger/${encodeURIComponent(itemId)}`),
      /** The voucher's edit screen (spec 2.3), or null for a type the registry does not know. */
      voucherPath: (voucherType: string | null | undefined, voucherId: string) =>
        voucherType && isVoucherType(voucherType)
          ? buildVoucherScreenPath({ organisationId: organisation._id, year }, voucherType, {
              screen: "edit",
              id: voucherId,
            })
          : null,
    };
  }, [organisation, year]);
}
