import {
  type AccountNature,
  EXPORT_SEZ_OPTIONS,
  getVoucherDefinition,
  IMPORT_TYPES,
  NOTE_TYPES,
  PLACES_OF_SUPPLY,
  RCM_GST_TYPES,
} from "@bahi/domain";
import { Checkbox, Grid } from "@mantine/core";
import type { AccountRecord } from "../../../components/inputs/account-options.ts";
import { DateInput } from "../../../components/inputs/DateInput.tsx";
import { GstinInput } from "../../../components/inputs/GstinInput.tsx";
import { SelectInput } from "../../../components/inputs/SelectInput.tsx";
import { TextAreaField } from "../../../components/inputs/TextAreaField.tsx";
import { TextField } from "../../../components/inputs/TextField.tsx";
import { onEnterPickTypedOption } from "../../../components/inputs/typed-option.ts";
import { stopProps } from "../keyboard/focus-stop.ts";
import {
  applyPartyToDocument,
  type DocumentForm,
  describeDocumentFields,
  isExportChoice,
  offersReverseCharge,
  type PartyRecord,
  setReverseCharge,
} from "../model/document-form.ts";
import { AgainstInvoiceField } from "./AgainstInvoiceField.tsx";
import { EntryAccountPicker } from "./EntryAccountPicker.tsx";
import { EntryDateField } from "./EntryDateField.tsx";
import type { SectionProps } from "./section-props.ts";

// The party's own group first: Alt+C in the picker adds an account of that nature.
const PARTY_NATURES = {
  customer: ["Debtors", "Cash", "Bank", "Bank OD/CC", "Creditors"],
  supplier: ["Creditors", "Cash", "Bank", "Bank OD/CC", "Debtors"],
} as const satisfies Record<string, readonly AccountNature[]>;

const PLACE_OPTIONS = PLACES_OF_SUPPLY.map((place) => ({
  value: place.code,
  label: `${place.code} - ${place.name}`,
}));

const NUMBER_LABELS: Record<string, string> = {
  salesInvoice: "Invoice No.",
  purchases: "Bill No.",
};

/**
 * The header of an item-line document: date (spec 5), due date where the type has one, number
 * (the next one suggested), party, its name, addresses, GSTIN and place of supply, reverse charge
 * and its reason, export/SEZ, import type, note type. The party fills what it knows.
 */
export function DocumentHeader({
  form,
  update,
  errors,
  context,
  readOnly,
  lockMessage,
}: SectionProps<DocumentForm> & {
  /** Why the date cannot be saved (a locked period), shown beside it. */
  lockMessage: string | null;
}) {
  const fields = describeDocumentFields(context.type);
  const definition = getVoucherDefinition(context.type);
  const partyLabel = fields.partySide === "supplier" ? "Supplier" : "Customer";
  const gstRegular = offersReverseCharge(context.organisation);
  const set = <K extends keyof DocumentForm>(key: K, value: DocumentForm[K]) =>
    update((current) => ({ ...current, [key]: value }));

  function chooseParty(accountId: string | null, account: AccountRecord | null) {
    if (!accountId || !account) {
      update((current) => ({ ...current, cashOrDebtorAccountId: accountId }));
      return;
    }
    // Enter on the chosen party again keeps what was typed in the header.
    update((current) =>
      current.cashOrDebtorAccountId === accountId
        ? current
        : applyPartyToDocument(current, account as PartyRecord, context),
    );
  }

  return (
    <Grid columns={24} gap="sm">
      <EntryDateField
        value={form.date}
        onChange={(date) => set("date", date)}
        context={context}
        error={errors.date ?? lockMessage}
        readOnly={readOnly}
        span={{ base: 12, md: 4 }}
      />
      <Grid.Col span={{ base: 12, md: 4 }} {...stopProps("invoiceNumber")}>
        <TextField
          label={NUMBER_LABELS[context.type] ?? `${definition.titles.singular} No.`}
          value={form.invoiceNumber}
          onChange={(invoiceNumber) =>
            update((current) => ({ ...current, invoiceNumber, numberIsSuggestion: false }))
          }
          maxChars={50}
          description={form.numberIsSuggestion ? "Next number" : undefined}
          error={errors.invoiceNumber}
          disabled={readOnly}
        />
      </Grid.Col>
      {fields.dueDate && (
        <Grid.Col span={{ base: 12, md: 4 }} {...stopProps("dueDate")}>
          <DateInput
            label="Due Date"
            value={form.dueDate === "" ? null : form.dueDate}
            onChange={(date) => set("dueDate", date)}
            financialYear={context.year}
            today={context.today}
            error={errors.dueDate}
            disabled={readOnly}
          />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 24, md: fields.dueDate ? 12 : 16 }} {...stopProps("party")}>
        <EntryAccountPicker
          label={partyLabel}
          value={form.cashOrDebtorAccountId}
          onChange={chooseParty}
          natures={PARTY_NATURES[fields.partySide]}
          error={errors.cashOrDebtorAccountId}
          required
          disabled={readOnly}
        />
      </Grid.Col>

      <Grid.Col span={{ base: 24, md: 8 }}>
        <TextField
          label={`${partyLabel} Name`}
          value={form.partyName}
          onChange={(partyName) => set("partyName", partyName)}
          maxChars={100}
          error={errors.partyName}
          disabled={readOnly}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 24, md: 8 }}>
        <GstinInput
          value={form.gstin}
          onChange={(gstin) => set("gstin", gstin)}
          error={errors.gstin}
          description={undefined}
          disabled={readOnly}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 24, md: 8 }}>
        <SelectInput
          label="Place of Supply"
          data={PLACE_OPTIONS}
          value={form.pos || null}
          onChange={(pos) => set("pos", pos ?? "")}
          onKeyDown={onEnterPickTypedOption(PLACE_OPTIONS, form.pos || null, (pos) =>
            set("pos", pos),
          )}
          error={errors.pos}
          disabled={readOnly}
          selectFirstOptionOnChange
          openOnFocus={false}
          allowDeselect={false}
        />
      </Grid.Col>

      <Grid.Col span={{ base: 24, md: 12 }}>
        <TextAreaField
          label="Billing Address"
          value={form.billingAddress}
          onChange={(billingAddress) => set("billingAddress", billingAddress)}
          maxChars={300}
          minRows={1}
          error={errors.billingAddress}
          disabled={readOnly}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 24, md: 12 }}>
        <TextAreaField
          label="Shipping Address"
          value={form.shippingAddress}
          onChange={(shippingAddress) => set("shippingAddress", shippingAddress)}
          maxChars={300}
          minRows={1}
          error={errors.shippingAddress}
          disabled={readOnly}
        />
      </Grid.Col>

      {gstRegular && (
        <Grid.Col span={{ base: 24, md: 6 }}>
          <Checkbox
            mt="xl"
            label="Reverse charge (RCM)"
            checked={form.rcmApplicable}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              update((current) => setReverseCharge(current, checked));
            }}
            error={errors.rcmApplicable}
            disabled={readOnly}
          />
        </Grid.Col>
      )}
      {gstRegular && form.rcmApplicable && (
        <Grid.Col span={{ base: 24, md: 6 }}>
          <SelectInput
            label="Reverse charge reason"
            data={RCM_GST_TYPES.map((option) => ({ ...option }))}
            value={form.rcmGstType || null}
            onChange={(value) => set("rcmGstType", value ?? "")}
            error={errors.rcmGstType}
            disabled={readOnly}
          />
        </Grid.Col>
      )}
      {fields.exportOrSez && context.organisation.gstRegistered && (
        <Grid.Col span={{ base: 24, md: 6 }}>
          <SelectInput
            label="Export or SEZ supply"
            placeholder="Regular supply"
            data={EXPORT_SEZ_OPTIONS.map((option) => ({
              value: option.value,
              label: option.label,
            }))}
            value={form.gstPaymentTypeInExportOrSez || null}
            onChange={(value) => set("gstPaymentTypeInExportOrSez", value ?? "")}
            clearable
            error={errors.gstPaymentTypeInExportOrSez}
            disabled={readOnly}
          />
        </Grid.Col>
      )}
      {fields.shippingBill && isExportChoice(form.gstPaymentTypeInExportOrSez) && (
        <>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TextField
              label="Port Code"
              value={form.portCode}
              onChange={(portCode) => set("portCode", portCode)}
              maxChars={6}
              error={errors.portCode}
              disabled={readOnly}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TextField
              label="Shipping Bill No."
              value={form.shippingBillNumber}
              onChange={(number) => set("shippingBillNumber", number)}
              maxChars={7}
              error={errors.shippingBillNumber}
              disabled={readOnly}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <DateInput
              label="Shipping Bill Date"
              value={form.shippingBillDate === "" ? null : form.shippingBillDate}
              onChange={(date) => set("shippingBillDate", date)}
              financialYear={context.year}
              today={context.today}
              error={errors.shippingBillDate}
              disabled={readOnly}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TextField
              label="Country Code"
              description="2 letters, such as AE or US"
              value={form.countryCode}
              onChange={(code) => set("countryCode", code.toUpperCase())}
              maxChars={2}
              error={errors.countryCode}
              disabled={readOnly}
            />
          </Grid.Col>
        </>
      )}
      {fields.importType && (
        <Grid.Col span={{ base: 24, md: 6 }}>
          <SelectInput
            label="Import"
            placeholder="Not an import"
            data={IMPORT_TYPES.map((option) => ({ ...option }))}
            value={form.importType || null}
            onChange={(value) => set("importType", value ?? "")}
            clearable
            error={errors.importType}
            disabled={readOnly}
          />
        </Grid.Col>
      )}
      {fields.noteKind && (
        <Grid.Col span={{ base: 24, md: 6 }}>
          <SelectInput
            label="Note for"
            data={NOTE_TYPES.map((option) => ({ ...option }))}
            value={form.noteType || "return"}
            onChange={(value) => set("noteType", value ?? "")}
            error={errors.type}
            disabled={readOnly}
          />
        </Grid.Col>
      )}
      {fields.againstInvoice && (
        <AgainstInvoiceField
          form={form}
          update={update}
          errors={errors}
          context={context}
          readOnly={readOnly}
        />
      )}
      <Grid.Col span={{ base: 24, md: 6 }}>
        <Checkbox
          mt="xl"
          label="Round off the total"
          checked={form.roundOff}
          onChange={(event) => set("roundOff", event.currentTarget.checked)}
          disabled={readOnly}
        />
      </Grid.Col>
    </Grid>
  );
}
