import { useQuery } from "@tanstack/react-query";
import { AccountPicker } from "../../../components/inputs/AccountPicker.tsx";
import { DateInput } from "../../../components/inputs/DateInput.tsx";
import { SelectInput } from "../../../components/inputs/SelectInput.tsx";
import { itemsQuery } from "../../masters/masters.api.ts";
import type { OrganisationFacts, TabularReportDefinition } from "../report-definitions.ts";
import { visibleFilters } from "../report-definitions.ts";
import type { ParamPatch } from "../report-params.ts";
import { LIMIT_CHOICES, type TabularFilterValues } from "../tabular-query.ts";
import { DateRangeFields } from "./DateRangeFields.tsx";

export interface TabularFiltersProps {
  definition: TabularReportDefinition;
  organisation: OrganisationFacts & { _id: string };
  year: string;
  values: TabularFilterValues;
  update: (patch: ParamPatch) => void;
}

/** The filters a report offers (report-definitions.ts), each bound to its address parameter. */
export function TabularFilters({
  definition,
  organisation,
  year,
  values,
  update,
}: TabularFiltersProps) {
  const filters = visibleFilters(definition, organisation);
  const needsItems = filters.includes("item");
  const items = useQuery({
    ...itemsQuery(organisation._id, null),
    enabled: needsItems,
  });
  return (
    <>
      {filters.map((filter) => {
        switch (filter) {
          case "dateRange":
            return (
              <DateRangeFields
                key={filter}
                year={year}
                startDate={values.startDate}
                endDate={values.endDate}
                onChange={(range) => update({ from: range.startDate, to: range.endDate })}
              />
            );
          case "asAt":
            return (
              <DateInput
                key={filter}
                label="As at"
                w={130}
                financialYear={year}
                value={values.date}
                onChange={(date) => update({ date })}
              />
            );
          case "party":
            return (
              <div key={filter} style={{ width: 240 }}>
                <AccountPicker
                  label={definition.partyLabel}
                  placeholder={
                    definition.required.includes("party")
                      ? `Choose a ${definition.partyLabel.toLowerCase()}`
                      : `All ${definition.partyLabel.toLowerCase()}s`
                  }
                  value={values.accountId}
                  onChange={(accountId) => update({ party: accountId })}
                  {...(definition.partyNatures.length > 0
                    ? { natures: definition.partyNatures }
                    : {})}
                  allowAdd={false}
                  organisationId={organisation._id}
                  required={definition.required.includes("party")}
                />
              </div>
            );
          case "b2bOrB2c":
            return (
              <SelectInput
                key={filter}
                label="B2B / B2C"
                w={120}
                searchable={false}
                allowDeselect={false}
                value={values.b2bOrB2c}
                onChange={(value) => update({ b2b: value === "all" ? null : value })}
                data={[
                  { value: "all", label: "All" },
                  { value: "b2b", label: "B2B" },
                  { value: "b2c", label: "B2C" },
                ]}
              />
            );
          case "rcmOrNonRcm":
            return (
              <SelectInput
                key={filter}
                label="Reverse charge"
                w={140}
                searchable={false}
                allowDeselect={false}
                value={values.rcmOrNonRcm}
                onChange={(value) => update({ rcm: value === "all" ? null : value })}
                data={[
                  { value: "all", label: "All" },
                  { value: "rcm", label: "RCM" },
                  { value: "nonRcm", label: "Non-RCM" },
                ]}
              />
            );
          case "periodType":
            return (
              <SelectInput
                key={filter}
                label="By"
                w={120}
                searchable={false}
                allowDeselect={false}
                value={values.periodType}
                onChange={(value) => update({ periodType: value === "month" ? null : value })}
                data={[
                  { value: "month", label: "Month" },
                  { value: "quarter", label: "Quarter" },
                ]}
              />
            );
          case "transactionType":
            return definition.documents ? (
              <SelectInput
                key={filter}
                label="Documents"
                w={170}
                searchable={false}
                allowDeselect={false}
                value={values.transactionType}
                onChange={(value) => update({ documents: value === "invoice" ? null : value })}
                data={[
                  { value: "invoice", label: definition.documents.invoice },
                  { value: "return", label: definition.documents.return },
                  ...definition.documents.raises.map((raise) => ({
                    value: raise.type,
                    label: raise.label,
                  })),
                ]}
              />
            ) : null;
          case "limit":
            return (
              <SelectInput
                key={filter}
                label="Show"
                w={110}
                searchable={false}
                clearable
                placeholder="All"
                value={values.limit === null ? null : String(values.limit)}
                onChange={(value) => update({ limit: value })}
                data={LIMIT_CHOICES.map((limit) => ({
                  value: String(limit),
                  label: `Top ${limit}`,
                }))}
              />
            );
          case "item":
            return (
              <SelectInput
                key={filter}
                label="Item"
                w={220}
                required
                placeholder="Choose an item"
                value={values.itemId}
                onChange={(value) => update({ item: value })}
                data={(items.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
              />
            );
          default:
            return null;
        }
      })}
    </>
  );
}
