import { formatDateDisplay, formatRupees, getVoucherDefinition, rupeesToPaise } from "@bahi/domain";
import { Grid } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { SelectInput } from "../../../components/inputs/SelectInput.tsx";
import { fetchListPage, type ListRecord } from "../../lists/lists.api.ts";
import { stopProps } from "../keyboard/focus-stop.ts";
import {
  chooseAgainstInvoice,
  type DocumentForm,
  describeDocumentFields,
} from "../model/document-form.ts";
import type { SectionProps } from "./section-props.ts";

const INVOICES_SHOWN = 100;

/**
 * The invoice (or bill) a note is made out against, newest first among the chosen party's of the
 * year. A raising note (the debit note to a customer, decision 066) lists paid ones too (a price
 * rise can follow payment) and sets its whole total against the one chosen; a return note (credit
 * note, purchase-side debit note, decision 067) lists those with money pending and sets its total
 * against the one chosen up to what is pending there (document-form's payload).
 */
export function AgainstInvoiceField({
  form,
  update,
  errors,
  context,
  readOnly,
}: SectionProps<DocumentForm>) {
  const invoiceType = getVoucherDefinition(context.type).settles ?? "salesInvoice";
  const { raisesBills, partySide } = describeDocumentFields(context.type);
  const partyId = form.cashOrDebtorAccountId ?? "";
  const invoices = useQuery({
    queryKey: [
      "against-invoice",
      invoiceType,
      context.organisationId,
      context.year,
      partyId,
      raisesBills,
    ],
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
        filters: raisesBills
          ? { account: partyId }
          : { account: partyId, statusFilters: ["pending", "partial"] },
      }),
    enabled: partyId !== "",
  });
  const records = invoices.data?.records ?? [];
  const chosen = form.billWiseEntries[0];
  const options = records.map((record) => ({
    value: record._id,
    label: describeInvoice(record, !raisesBills),
  }));
  // On edit the saved invoice may be of another year: keep it shown by its number.
  if (chosen && !records.some((record) => record._id === chosen.entryId)) {
    options.unshift({ value: chosen.entryId, label: chosen.invoiceNumber || "Saved invoice" });
  }
  return (
    <Grid.Col span={{ base: 24, md: 8 }} {...stopProps("againstInvoice")}>
      <SelectInput
        label="Against Invoice"
        placeholder={
          partyId === ""
            ? `Choose the ${partySide === "supplier" ? "supplier" : "customer"} first`
            : "Choose the invoice"
        }
        data={options}
        value={chosen?.entryId ?? null}
        onChange={(entryId) => {
          // The saved invoice, shown though no longer listed: keep it as it is.
          if (entryId !== null && entryId === chosen?.entryId) return;
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
                    pendingPaise: rupeesToPaise(record.pendingAmt ?? record.totalAmount ?? 0),
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

function describeInvoice(record: ListRecord, withPending: boolean): string {
  const number = String(record.number ?? record.invoiceNumber ?? "");
  const date = record.date ? formatDateDisplay(record.date) : "";
  const total =
    record.totalAmount === undefined ? "" : formatRupees(rupeesToPaise(record.totalAmount));
  const pending =
    withPending && typeof record.pendingAmt === "number"
      ? `${formatRupees(rupeesToPaise(record.pendingAmt))} pending`
      : "";
  return [number, date, total, pending].filter(Boolean).join(" · ");
}
