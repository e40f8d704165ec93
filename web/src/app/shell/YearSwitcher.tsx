import { selectableFinancialYears, todayCivil } from "@bahi/domain";
import { Select } from "@mantine/core";
import type { OrganisationSummary } from "../../features/organisations/organisations.api.ts";
import { useYearChange } from "./use-year-change.ts";

/** spec 2.7 year dropdown: the organisation's starting year up to the current year (spec 3). */
export function YearSwitcher({
  organisation,
  year,
}: {
  organisation: OrganisationSummary;
  year: string;
}) {
  const changeYear = useYearChange();
  const years = selectableFinancialYears(organisation.startingYear, todayCivil());
  return (
    <Select
      aria-label="Financial year"
      data={years}
      value={year}
      allowDeselect={false}
      onChange={(next) => {
        if (next && next !== year) changeYear(next);
      }}
      w={120}
      comboboxProps={{ width: 140 }}
    />
  );
}
