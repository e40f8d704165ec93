import { formatAmount, paiseToRupees, rupeesToPaise } from "@bahi/domain";
import { Alert, Button, Group, Paper, Text } from "@mantine/core";
import { useState } from "react";
import { IndianDateField } from "../../../components/inputs/IndianDateField.tsx";
import { fetchTdsSuggestion, type TdsSuggestion } from "../../tds/tds.api.ts";
import type { EntryContext } from "../model/entry-context.ts";
import type { EntryForm } from "../model/entry-form.ts";
import { tdsCreditOf } from "../model/entry-tds.ts";

const rupeesText = (rupees: number) => `₹${formatAmount(rupeesToPaise(rupees))}`;

/**
 * TDS on a purchase, payment or journal (issue 39): asks the server whether the credit to the
 * party should bear TDS (its section, its year so far) and, on Apply, puts the deduction in the
 * entry; the server posts it to TDS Payable and lowers what is owed to the party.
 */
export function TdsPanel(props: {
  form: EntryForm;
  context: EntryContext;
  readOnly: boolean;
  update: (recipe: (form: EntryForm) => EntryForm) => void;
  entryId: string | null;
}) {
  const { form, context, readOnly, update, entryId } = props;
  const [suggestion, setSuggestion] = useState<TdsSuggestion | null>(null);
  const [busy, setBusy] = useState(false);
  const credit = tdsCreditOf(form, context);
  const applied = form.tds ?? null;

  async function suggest() {
    if (!credit) return;
    setBusy(true);
    try {
      setSuggestion(
        await fetchTdsSuggestion({
          organisationId: context.organisationId,
          accountId: credit.accountId,
          date: form.date,
          amount: paiseToRupees(credit.amountPaise),
          entryId: entryId ?? undefined,
        }),
      );
    } catch {
      // The API client showed the error.
    } finally {
      setBusy(false);
    }
  }

  function apply(found: TdsSuggestion) {
    if (!found.section || !credit) return;
    const tds = {
      section: found.section,
      rate: found.rate,
      baseAmount: found.baseAmount,
      amount: found.amount,
      ...(form.kind === "document" ? {} : { accountId: credit.accountId }),
      ...(found.certificateBaseAmount
        ? { certificateBaseAmount: found.certificateBaseAmount }
        : {}),
    };
    update((current) => ({ ...current, tds }));
  }

  return (
    <Paper withBorder p="sm" aria-label="TDS">
      <Group justify="space-between" align="center">
        <Text fw={600}>TDS</Text>
        {!readOnly && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={suggest} loading={busy} disabled={!credit}>
              Suggest TDS
            </Button>
            {applied && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => update((current) => ({ ...current, tds: null }))}
              >
                Remove TDS
              </Button>
            )}
          </Group>
        )}
      </Group>
      {applied ? (
        <Text size="sm" data-testid="tds-applied">
          {`TDS ${applied.section} at ${applied.rate}% on ${rupeesText(applied.baseAmount)}: ${rupeesText(applied.amount)}`}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {credit ? "No TDS on this entry." : "Choose the party and amounts to work out TDS."}
        </Text>
      )}
      {applied && (
        <IndianDateField
          mt="xs"
          label="Tax deductible since"
          description="Only if deducted late: the date the tax became deductible. The challan then works out 1% a month or part until this entry's date (s.201(1A)(i))."
          value={applied.deductibleOn ?? ""}
          readOnly={readOnly}
          onChange={(date) =>
            update((current) =>
              current.tds
                ? {
                    ...current,
                    tds: { ...current.tds, deductibleOn: date === "" ? undefined : date },
                  }
                : current,
            )
          }
        />
      )}
      {suggestion && (
        <Alert
          mt="xs"
          color={suggestion.deduct ? "blue" : "gray"}
          title={suggestion.deduct ? `Deduct ${rupeesText(suggestion.amount)}` : "No deduction"}
        >
          <Text size="sm" data-testid="tds-reason">
            {suggestion.reason}
          </Text>
          {suggestion.deduct && !readOnly && (
            <Button mt="xs" size="xs" onClick={() => apply(suggestion)}>
              Apply TDS
            </Button>
          )}
        </Alert>
      )}
    </Paper>
  );
}
