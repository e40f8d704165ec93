import { formatDateDisplay, formatRupees, getVoucherDefinition, rupeesToPaise } from "@bahi/domain";
import { Grid } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { SelectInput } from "../../../components/inputs/SelectInput.tsx";
import { fetchListPage, type ListRecord } from "../../lists/lists.api.ts";
import { stopProps } from "../keyboard/focus-stop.ts";
import { chooseAgainstInvoice, type DocumentForm } from "../model/document-form.ts";
import type { SectionProps } from "./section-props.ts";

const INVOICES_SHOWN = 100;

/**
 * The invoice a raising note (the debit note to a customer, decision 066) is made out against:
 * the chosen party's invoices of the year, newest first, paid ones included (a price rise can
 * follow payment). The note's total is set against the one chosen (document-form's payload).
 */
export function AgainstInvoiceField({
  form,
  update,
  errors,
  context,
  readOnly,
}: SectionProps<DocumentForm>) {
  const invoiceType = getVoucherDefinition(context.type).settles ?? "salesInvoice";
  const partyId = form.cashOrDebtorAccountId ?? "";
  const invoices = useQuery({
    queryKey: ["against-invoice", invoiceType, context.organisationId, context.year, partyId],
    queryFn: () =>
      fetchListPage({
        organisationId: context.organisationId,
        year: context.year,
        type: invoiceType,
        view: "live",
        page: 1,
        pageSize: INVOICES_SHOWN,
        sort: "dateDesc",
        search: "",
        filters: { account: partyId },
      }),
    enabled: partyId !== "",
  });
  const records = invoices.data?.records ?? [];
  const chosen = form.billWiseEntries[0];
  const options = records.map((record) => ({
    value: record._id,
    label: describeInvoice(record),
  }));
  // On edit the saved invoice may be of another year: keep it shown by its number.
  if (chosen && !records.some((record) => record._id === chosen.entryId)) {
    options.unshift({ value: chosen.entryId, label: chosen.invoiceNumber || "Saved invoice" });
  }
  return (
    <Grid.Col span={{ base: 24, md: 8 }} {...stopProps("againstInvoice")}>
      <SelectInput
        label="Against Invoice"
        placeholder={partyId === "" ? "Choose the customer first" : "Choose the invoice"}
        data={options}
        value={chosen?.entryId ?? null}
        onChange={(entryId) => {
          const record = records.find((candidate) => candidate._id === entryId);
          update((current) =>
            chooseAgainstInvoice(
              current,
              record
                ? {
                    _id: record._id,
                    number: String(record.number ?? record.invoiceNumber ?? ""),
                    date: record.date ?? "",
                    totalPaise: rupeesToPaise(record.totalAmount ?? 0),
                  }
                : null,
            ),
          );
        }}
        clearable
        error={errors.billWiseEntries ?? errors["billWiseEntries.0.amount"]}
        disabled={readOnly || partyId === ""}
      />
    </Grid.Col>
  );
}

function describeInvoice(record: ListRecord): string {
  const number = String(record.number ?? record.invoiceNumber ?? "");
  const date = record.date ? formatDateDisplay(record.date) : "";
  const total =
    record.totalAmount === undefined ? "" : formatRupees(rupeesToPaise(record.totalAmount));
  return [number, date, total].filter(Boolean).join(" · ");
}
