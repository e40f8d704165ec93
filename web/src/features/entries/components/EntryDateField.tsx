import { Grid, type GridColProps } from "@mantine/core";
import { DateInput, type DateInputProps } from "../../../components/inputs/DateInput.tsx";
import { stopProps } from "../keyboard/focus-stop.ts";
import type { EntryContext } from "../model/entry-context.ts";

/** The entry's date: the first stop of every entry form, and where a locked period is told. */
export function EntryDateField({
  value,
  onChange,
  context,
  error,
  readOnly,
  span = { base: 12, md: 5 },
}: {
  value: DateInputProps["value"];
  onChange: DateInputProps["onChange"];
  context: EntryContext;
  error: DateInputProps["error"];
  readOnly: boolean;
  span?: GridColProps["span"];
}) {
  return (
    <Grid.Col span={span} {...stopProps("date")}>
      <DateInput
        label="Date"
        value={value}
        onChange={onChange}
        financialYear={context.year}
        today={context.today}
        error={error}
        required
        disabled={readOnly}
        autoFocus={!readOnly}
      />
    </Grid.Col>
  );
}
