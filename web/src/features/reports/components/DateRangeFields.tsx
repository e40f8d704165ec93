import type { CivilDate } from "@bahi/domain";
import { Text } from "@mantine/core";
import { DateInput } from "../../../components/inputs/DateInput.tsx";

// spec 5 "List filter dialog", the same rule for a report's range.
export const DATE_RANGE_ERROR =
  "Date From cannot be later than Date To. Please select a valid date range.";

export interface DateRangeFieldsProps {
  year: string;
  startDate: CivilDate;
  endDate: CivilDate;
  onChange: (range: { startDate: CivilDate; endDate: CivilDate }) => void;
}

/** From and To inside the open financial year (the shared DateInput keeps them there). */
export function DateRangeFields({ year, startDate, endDate, onChange }: DateRangeFieldsProps) {
  const wrong = startDate > endDate;
  return (
    <>
      <DateInput
        label="From"
        w={130}
        financialYear={year}
        value={startDate}
        onChange={(date) => onChange({ startDate: date, endDate })}
        error={wrong ? true : undefined}
      />
      <DateInput
        label="To"
        w={130}
        financialYear={year}
        value={endDate}
        onChange={(date) => onChange({ startDate, endDate: date })}
        error={wrong ? true : undefined}
      />
      {wrong && (
        <Text c="red" size="sm" role="alert" maw={320}>
          {DATE_RANGE_ERROR}
        </Text>
      )}
    </>
  );
}
