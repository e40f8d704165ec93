import { readStoredDocument, type VoucherType } from "@bahi/domain";
import { Button, Group, Stack } from "@mantine/core";
import { useMemo, useState } from "react";
import type { FieldErrors } from "../../../components/form-validation.ts";
import { TextAreaField } from "../../../components/inputs/TextAreaField.tsx";
import { CustomFieldInputs } from "../../masters/CustomFieldInputs.tsx";
import { stopProps } from "../keyboard/focus-stop.ts";
import type { JournalForm, SettlementForm, TransferForm } from "../model/account-forms.ts";
import {
  computeDocumentForm,
  type DocumentForm,
  withSavedAmounts,
} from "../model/document-form.ts";
import type { EntryContext, StoredEntry } from "../model/entry-context.ts";
import type { EntryForm } from "../model/entry-form.ts";
import { carriesTds } from "../model/entry-tds.ts";
import { JournalSection, TransferSection } from "./AccountVoucherSections.tsx";
import { ChargeLinesTable } from "./ChargeLinesTable.tsx";
import { DocumentCashWarning } from "./DocumentCashWarning.tsx";
import { DocumentHeader } from "./DocumentHeader.tsx";
import { DocumentTotals } from "./DocumentTotals.tsx";
import { ItemLinesTable } from "./ItemLinesTable.tsx";
import { SettlementSection } from "./SettlementSection.tsx";
import { TdsPanel } from "./TdsPanel.tsx";
import { TransportSection } from "./TransportSection.tsx";
import type { TransportDisplay } from "./use-entry-settings.ts";

/** Changes the form from its latest state, whichever family it is. */
export type UpdateEntryForm = <F extends EntryForm>(recipe: (current: F) => F) => void;

type Update<F> = (recipe: (current: F) => F) => void;

export interface EntryFormSectionsProps {
  type: VoucherType;
  form: EntryForm;
  update: UpdateEntryForm;
  errors: FieldErrors;
  context: EntryContext;
  readOnly: boolean;
  lockMessage: string | null;
  /** Stock is checked as a new entry is typed (add, duplicate), not on an edit. */
  checkStock: boolean;
  /** Transport Details: open, behind a button (issue 40), or none for this type. */
  transport: TransportDisplay;
  /** The journal's Add Line (it balances the entry). */
  onAddJournalLine: () => void;
  /** A read-only view's saved entry: its amounts are shown as saved (decision 099). */
  saved?: StoredEntry | null | undefined;
  /** The entry being edited: the TDS suggestion leaves it out of the party's year. */
  entryId?: string | null | undefined;
}

/** The form's sections, as the registry's shape of the type picks them (payload families). */
export function EntryFormSections(props: EntryFormSectionsProps) {
  const { form, update, errors, context, readOnly, lockMessage } = props;
  const sectionProps = { errors, context, readOnly };
  const notes = <NarrationAndCustomFields {...props} />;
  return (
    <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Stack gap="md">
        {form.kind === "document" && <DocumentSections {...props} form={form} />}
        {form.kind === "settlement" && (
          <>
            <SettlementSection
              form={form}
              update={update as Update<SettlementForm>}
              lockMessage={lockMessage}
              newEntry={props.checkStock}
              {...sectionProps}
            />
            {notes}
          </>
        )}
        {form.kind === "transfer" && (
          <>
            <TransferSection
              form={form}
              update={update as Update<TransferForm>}
              lockMessage={lockMessage}
              {...sectionProps}
            />
            {notes}
          </>
        )}
        {form.kind === "journal" && (
          <>
            <JournalSection
              form={form}
              update={update as Update<JournalForm>}
              lockMessage={lockMessage}
              onAddLine={props.onAddJournalLine}
              {...sectionProps}
            />
            {notes}
          </>
        )}
        {carriesTds(props.type) && (
          <TdsPanel
            form={form}
            context={context}
            readOnly={readOnly}
            update={update as (recipe: (form: EntryForm) => EntryForm) => void}
            entryId={props.entryId ?? null}
          />
        )}
      </Stack>
    </fieldset>
  );
}

/**
 * Item-line documents: header, transport, item lines, charges, then narration, notes and custom
 * fields beside the live totals (domain's computeDocument, as the server computes on save).
 */
function DocumentSections(props: EntryFormSectionsProps & { form: DocumentForm }) {
  const { form, errors, context, readOnly, lockMessage } = props;
  const update = props.update as Update<DocumentForm>;
  const sectionProps = { errors, context, readOnly };
  const { saved } = props;
  const computation = useMemo(() => {
    const live = computeDocumentForm(form, context.type, context.organisation);
    return readOnly && saved
      ? withSavedAmounts(live, readStoredDocument(context.type, saved))
      : live;
  }, [form, context.type, context.organisation, readOnly, saved]);
  return (
    <>
      <DocumentHeader form={form} update={update} lockMessage={lockMessage} {...sectionProps} />
      <TransportDetails display={props.transport} form={form} update={update} {...sectionProps} />
      <ItemLinesTable
        form={form}
        update={update}
        results={computation.itemLineResults}
        checkStock={props.checkStock}
        {...sectionProps}
      />
      <ChargeLinesTable
        form={form}
        update={update}
        results={computation.accountLineResults}
        {...sectionProps}
      />
      <Group align="flex-start" grow wrap="wrap">
        <Stack gap="sm" miw={280}>
          <NarrationField {...props} />
          <TextAreaField
            label="Notes"
            value={form.notes}
            onChange={(notes) => update((current) => ({ ...current, notes }))}
            maxChars={2000}
            minRows={1}
            error={errors.notes}
            disabled={readOnly}
          />
          <EntryCustomFields {...props} />
        </Stack>
        <DocumentTotals
          computed={computation.computed}
          error={computation.error?.message ?? null}
        />
      </Group>
      <DocumentCashWarning
        type={context.type}
        organisationId={context.organisationId}
        year={context.year}
        date={form.date}
        partyAccountId={form.cashOrDebtorAccountId}
        totalPaise={computation.computed?.totalPaise ?? 0}
        enabled={props.checkStock && !readOnly}
      />
    </>
  );
}

function NarrationAndCustomFields(props: EntryFormSectionsProps) {
  return (
    <>
      <NarrationField {...props} />
      <EntryCustomFields {...props} />
    </>
  );
}

/** Every type's narration: the last stop of Enter (planFocus). */
function NarrationField({ form, update, errors, readOnly }: EntryFormSectionsProps) {
  return (
    <div {...stopProps("narration")}>
      <TextAreaField
        label="Narration"
        value={form.narration}
        onChange={(text) => update((current) => ({ ...current, narration: text }))}
        maxChars={1000}
        minRows={1}
        error={errors.narration}
        disabled={readOnly}
      />
    </div>
  );
}

/** The organisation's custom fields for this type (Settings, Custom Fields). */
function EntryCustomFields({
  type,
  form,
  update,
  errors,
  readOnly,
  context,
}: EntryFormSectionsProps) {
  return (
    <CustomFieldInputs
      organisationId={context.organisationId}
      applicableFor={type}
      values={form.customFieldValues}
      errors={errors}
      readOnly={readOnly}
      shortSpan={{ base: 24, md: 8 }}
      onChange={(id, value) =>
        update((current) => ({
          ...current,
          customFieldValues: { ...current.customFieldValues, [id]: value },
        }))
      }
    />
  );
}

/**
 * Transport Details (issue 40): open when the document settings show them, else behind a button
 * so that an e-way bill's transport can be typed without turning on a print setting. Filled
 * details show open.
 */
export function TransportDetails({
  display,
  form,
  update,
  ...sectionProps
}: {
  display: TransportDisplay;
  form: DocumentForm;
  update: Update<DocumentForm>;
  errors: FieldErrors;
  context: EntryContext;
  readOnly: boolean;
}) {
  const filled = Object.values(form.transport).some((value) => value !== "" && value !== null);
  const [opened, setOpened] = useState(false);
  if (display === "none") return null;
  if (display === "open" || filled || opened) {
    return <TransportSection form={form} update={update} {...sectionProps} />;
  }
  if (sectionProps.readOnly) return null;
  return (
    <Group>
      <Button variant="subtle" size="compact-sm" onClick={() => setOpened(true)}>
        Add transport details (for the e-way bill)
      </Button>
    </Group>
  );
}
