import { buildVoucherScreenPath, getVoucherDefinition, type VoucherType } from "@bahi/domain";
import { Alert, Button, Group, Kbd, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError, fieldErrorsOf } from "../../../api/errors.ts";
import { notify } from "../../../app/notify.tsx";
import type { FieldErrors } from "../../../components/form-validation.ts";
import { openAccountModal, openItemModal } from "../../../components/inputs/master-modals.ts";
import { TextAreaField } from "../../../components/inputs/TextAreaField.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { useChangeFeed, useChangeFeedInterest } from "../../change-feed/ChangeFeedProvider.tsx";
import { CustomFieldInputs } from "../../masters/CustomFieldInputs.tsx";
import { fetchItem } from "../../masters/masters.api.ts";
import { documentSettingsKey, fetchDocumentSettings } from "../../printing/printing.api.ts";
import { entryKeys, fetchLockPeriods, saveEntry } from "../entries.api.ts";
import type { EntryAction } from "../keyboard/entry-shortcuts.ts";
import { describeEntryShortcuts } from "../keyboard/entry-shortcuts.ts";
import { stopProps } from "../keyboard/focus-stop.ts";
import type { FocusPlan } from "../keyboard/line-navigation.ts";
import { useEntryKeyboard } from "../keyboard/use-entry-keyboard.ts";
import {
  balancingJournalLine,
  emptySettlementLine,
  type JournalForm,
  type SettlementForm,
  type TransferForm,
} from "../model/account-forms.ts";
import type { NamedRecords } from "../model/document-form.ts";
import {
  applyItemToLine,
  computeDocumentForm,
  type DocumentForm,
  describeDocumentFields,
  emptyItemLine,
  isBlankItemLine,
} from "../model/document-form.ts";
import type { EntryContext, EntryMode, StoredEntry } from "../model/entry-context.ts";
import { clearEntryDraft, readEntryDraft, saveEntryDraft } from "../model/entry-draft.ts";
import {
  buildEntryPayload,
  type EntryForm,
  entryFormFromStored,
  mapEntryErrorPath,
  validateEntryForm,
} from "../model/entry-form.ts";
import { rememberCashBank } from "../model/last-cash-bank.ts";
import { describeDateLock } from "../model/lock-period.ts";
import { JournalSection, journalStop, TransferSection } from "./AccountVoucherSections.tsx";
import { ChargeLinesTable } from "./ChargeLinesTable.tsx";
import { DocumentHeader } from "./DocumentHeader.tsx";
import { DocumentTotals } from "./DocumentTotals.tsx";
import { ITEM_LINE_STOPS, ItemLinesTable, itemStop } from "./ItemLinesTable.tsx";
import { billStop, SettlementSection, settlementStop } from "./SettlementSection.tsx";
import { TemplatesModal } from "./TemplatesModal.tsx";
import { TransportSection } from "./TransportSection.tsx";

export const PAGE_REFRESH_TITLE = "Page Refresh Required:";
export const PAGE_REFRESH_TEXT = "Some changes are made in another tab or by another user";

/** The server's 409 for an edit that started from an older version (vouchers.service). */
function isStaleEdit(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    /changed by someone else/.test(error.message)
  );
}

type SaveAfter = "close" | "new" | "duplicate" | "print";

/** Where Enter goes on this form (line-navigation): the header, each line's stops, what follows. */
export function planFocus(form: EntryForm): FocusPlan {
  switch (form.kind) {
    case "document":
      return {
        before: ["date", "invoiceNumber", "party"],
        rows: form.itemLines.map((_, row) =>
          ITEM_LINE_STOPS.map((column) => itemStop(column, row)),
        ),
        rowBlank: form.itemLines.map(isBlankItemLine),
        after: ["narration"],
      };
    case "settlement":
      return {
        before: ["date", "cashBank"],
        rows: form.lines.map((line, row) => [
          settlementStop("account", row),
          settlementStop("amount", row),
          ...line.allocations.map((_, bill) => billStop(row, bill)),
        ]),
        rowBlank: form.lines.map((line) => line.accountId === null && line.amountPaise === 0),
        after: ["narration"],
      };
    case "transfer":
      return {
        before: ["date", "from", "to", "amount"],
        rows: [],
        rowBlank: [],
        after: ["narration"],
      };
    case "journal":
      return {
        before: ["date"],
        rows: form.lines.map((_, row) => [
          journalStop("account", row),
          journalStop("debit", row),
          journalStop("credit", row),
        ]),
        rowBlank: form.lines.map(
          (line) => line.accountId === null && line.debitPaise === 0 && line.creditPaise === 0,
        ),
        after: ["narration"],
      };
  }
}

/** Adds a line to the form; the stop of its first field. */
function addLineTo(form: EntryForm): { form: EntryForm; stop: string | null } {
  switch (form.kind) {
    case "document": {
      const row = form.itemLines.length;
      return {
        form: { ...form, itemLines: [...form.itemLines, emptyItemLine()] },
        stop: itemStop("item", row),
      };
    }
    case "settlement": {
      const row = form.lines.length;
      return {
        form: { ...form, lines: [...form.lines, emptySettlementLine()] },
        stop: settlementStop("account", row),
      };
    }
    case "journal": {
      const row = form.lines.length;
      return {
        form: { ...form, lines: [...form.lines, balancingJournalLine(form)] },
        stop: journalStop("account", row),
      };
    }
    case "transfer":
      return { form, stop: null };
  }
}

export interface EntryEditorProps {
  type: VoucherType;
  mode: EntryMode;
  context: EntryContext;
  initialForm: EntryForm;
  names: NamedRecords;
  /** The saved entry an edit or old version shows. */
  loaded: StoredEntry | null;
  entryId: string | null;
  version: number | null;
  /** Notices above the form (the invoice's status, an old version, a conversion). */
  notices?: ReactNode;
}

/**
 * THE entry form of every voucher type (STYLE.md "One engine, a registry of types"): the
 * registry's shape picks the sections, the payload schemas check it before it is sent, domain's
 * computeDocument gives the live totals, and one keyboard drives it (spec 2.6).
 */
export function EntryEditor({
  type,
  mode,
  context,
  initialForm,
  names,
  loaded,
  entryId,
  version,
  notices,
}: EntryEditorProps) {
  const definition = getVoucherDefinition(type);
  const readOnly = mode === "old-version";
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { recordOwnChanges } = useChangeFeed();
  const scope = { organisationId: context.organisationId, year: context.year };

  const [form, setForm] = useState<EntryForm>(initialForm);
  const formRef = useRef(form);
  formRef.current = form;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [escapeHint, setEscapeHint] = useState(false);
  const [draft, setDraft] = useState(() => (readOnly ? null : readEntryDraft(location.pathname)));
  const saved = useRef(false);

  const title = (() => {
    const number = typeof loaded?.number === "string" ? ` ${loaded.number}` : "";
    switch (mode) {
      case "add":
        return `Add ${definition.titles.singular}`;
      case "edit":
        return `Edit ${definition.titles.singular}${number}`;
      case "duplicate":
        return `Duplicate ${definition.titles.singular}`;
      case "old-version":
        return `${definition.titles.singular}${number} - Version ${version ?? ""}`;
    }
  })();
  usePageTitle(title);

  // Only a change to this very entry makes an edit or an old version stale (spec 2.7 banner).
  useChangeFeedInterest((event) => entryId !== null && event.entityId === entryId);

  const lockPeriods = useQuery({
    queryKey: entryKeys.lockPeriods(context.organisationId, context.year),
    queryFn: () => fetchLockPeriods(context.organisationId, context.year),
    enabled: !readOnly,
  });
  const lockMessage = readOnly ? null : describeDateLock(lockPeriods.data ?? [], type, form.date);

  // Transport Details show on the types that carry goods when their document settings say so
  // (issue 24); a hidden section keeps what was saved.
  const carriesGoods = definition.transport !== null && definition.settings !== null;
  const documentSettings = useQuery({
    queryKey: documentSettingsKey(context.organisationId, type),
    queryFn: () => fetchDocumentSettings(context.organisationId, type),
    enabled: carriesGoods,
  });
  const showTransport = carriesGoods && documentSettings.data?.showTransportDetails === true;

  const computation = useMemo(
    () =>
      form.kind === "document"
        ? computeDocumentForm(form, context.type, context.organisation)
        : null,
    [form, context.type, context.organisation],
  );

  const update = useCallback(<F extends EntryForm>(recipe: (current: F) => F) => {
    setForm((current) => recipe(current as F));
  }, []);

  // What was typed survives a reload (the refresh banner's button, the browser's own).
  useEffect(() => {
    if (readOnly) return;
    const path = location.pathname;
    const keep = () => {
      if (!saved.current && formRef.current !== initialForm) saveEntryDraft(path, formRef.current);
    };
    window.addEventListener("pagehide", keep);
    return () => window.removeEventListener("pagehide", keep);
  }, [readOnly, location.pathname, initialForm]);

  const payloadOptions = { mode, ...(entryId ? { entryId } : {}), ...(version ? { version } : {}) };

  function leave() {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(buildVoucherScreenPath(scope, type, { screen: "list" }));
  }

  async function save(after: SaveAfter) {
    if (readOnly || saving) return;
    if (lockMessage) {
      setErrors({ date: lockMessage });
      setFormMessage(lockMessage);
      notify({ type: "danger", title: "Period locked", message: lockMessage });
      return;
    }
    const validation = validateEntryForm(formRef.current, context, payloadOptions);
    if (!validation.ok) {
      setErrors(validation.errors);
      setFormMessage(validation.message);
      notify({
        type: "danger",
        title: `Could not save the ${definition.titles.singular}`,
        message: validation.message,
      });
      return;
    }
    setSaving(true);
    try {
      const answer = await saveEntry(type, mode === "edit" ? "edit" : "add", validation.payload);
      saved.current = true;
      recordOwnChanges([answer.entryId]);
      rememberCashBank(context.organisationId, type, formRef.current);
      clearEntryDraft(location.pathname);
      setErrors({});
      setFormMessage(null);
      notify({
        type: "success",
        title: answer.message,
        ...(answer.number ? { message: `Number ${answer.number}` } : {}),
      });
      void queryClient.invalidateQueries();
      if (after === "close") navigate(buildVoucherScreenPath(scope, type, { screen: "list" }));
      if (after === "new") {
        navigate(buildVoucherScreenPath(scope, type, { screen: "add" }), {
          state: { fresh: Date.now() },
        });
      }
      if (after === "duplicate") {
        navigate(buildVoucherScreenPath(scope, type, { screen: "duplicate", id: answer.entryId }));
      }
      if (after === "print") {
        navigate(buildVoucherScreenPath(scope, type, { screen: "print", id: answer.entryId }));
      }
    } catch (error) {
      if (isStaleEdit(error)) {
        // The spec's banner; what was typed stays on screen (and survives the refresh).
        setConflict(true);
        return;
      }
      const message = error instanceof Error ? error.message : "Something went wrong.";
      const fieldErrors: FieldErrors = {};
      for (const [path, text] of Object.entries(fieldErrorsOf(error))) {
        fieldErrors[mapEntryErrorPath(formRef.current, path, context)] = text;
      }
      if (error instanceof ApiError && error.status === 423) fieldErrors.date = message;
      setErrors(fieldErrors);
      setFormMessage(message);
      notify({
        type: "danger",
        title: `Could not save the ${definition.titles.singular}`,
        message,
      });
    } finally {
      setSaving(false);
    }
  }

  const root = useRef<HTMLDivElement>(null);
  const shortcuts = describeEntryShortcuts(type);

  function addItemFromModal(target: EventTarget | null) {
    const lineElement = target instanceof Element ? target.closest("[data-item-line]") : null;
    const focused = lineElement ? Number(lineElement.getAttribute("data-item-line")) : null;
    openItemModal({
      mode: "add",
      onSaved: (savedItem) => {
        void fetchItem(context.organisationId, savedItem._id).then((item) => {
          update<DocumentForm>((current) => {
            const side = describeDocumentFields(type).partySide;
            const index = focused ?? current.itemLines.findIndex((line) => isBlankItemLine(line));
            const lines = index >= 0 ? current.itemLines : [...current.itemLines, emptyItemLine()];
            const at = index >= 0 ? index : lines.length - 1;
            return {
              ...current,
              itemLines: lines.map((line, i) =>
                i === at ? applyItemToLine(line, item, side) : line,
              ),
            };
          });
        });
      },
    });
  }

  function onShortcut(action: Exclude<EntryAction, "escape">, target: EventTarget | null) {
    switch (action) {
      case "saveAndNew":
        return void save("new");
      case "saveAndClose":
        return void save("close");
      case "saveAndDuplicate":
        return void save("duplicate");
      case "saveAndPrint":
        return void save("print");
      case "addAccount":
        return openAccountModal({ mode: "add" });
      case "addItem":
        return addItemFromModal(target);
      case "addAccountOrItem":
        if (target instanceof Element && target.closest("[data-item-line]")) {
          return addItemFromModal(target);
        }
        return openAccountModal({ mode: "add" });
      case "openTemplates":
        if (definition.supportsTemplates) setTemplatesOpen(true);
        return;
    }
  }

  const keyboard = useEntryKeyboard({
    root,
    plan: planFocus(form),
    addLine: () => {
      // A functional update: what the key just chose (an item, a rate) is still to be drawn.
      setForm((current) => addLineTo(current).form);
      return addLineTo(formRef.current).stop;
    },
    shortcuts,
    onShortcut,
    onLeave: leave,
    onEscapeArmed: () => {
      setEscapeHint(true);
      setTimeout(() => setEscapeHint(false), 1500);
    },
    enabled: !templatesOpen,
  });

  function openTemplate(entry: StoredEntry) {
    setForm(entryFormFromStored(entry, context, names, { copy: true }));
    setErrors({});
    setFormMessage(null);
    keyboard.requestFocus("date");
  }

  const narration = (
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

  const customFields = (
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

  const sectionProps = { errors, context, readOnly };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Enter and Tab move through the entry (spec 2.6)
    <div ref={root} onKeyDown={keyboard.onKeyDown}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Title order={1} fz="h2">
            {title}
          </Title>
          <Group gap="xs">
            {mode === "edit" && entryId && definition.print !== null && (
              <Button
                variant="default"
                size="xs"
                onClick={() =>
                  navigate(buildVoucherScreenPath(scope, type, { screen: "print", id: entryId }))
                }
              >
                Print
              </Button>
            )}
            {definition.supportsTemplates && !readOnly && (
              <Button variant="default" size="xs" onClick={() => setTemplatesOpen(true)}>
                Templates (Alt+T)
              </Button>
            )}
          </Group>
        </Group>

        {conflict && (
          <Alert color="orange" variant="light" role="alert">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                <Text span fw={700} inherit>
                  {PAGE_REFRESH_TITLE}
                </Text>{" "}
                {PAGE_REFRESH_TEXT}
              </Text>
              <Button
                size="xs"
                color="orange"
                onClick={() => {
                  saveEntryDraft(location.pathname, formRef.current);
                  window.location.reload();
                }}
              >
                Refresh
              </Button>
            </Group>
          </Alert>
        )}

        {draft && (
          <Alert color="blue" variant="light">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                Your unsaved changes from before the page was refreshed were kept aside.
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  onClick={() => {
                    setForm(draft.form);
                    setDraft(null);
                    clearEntryDraft(location.pathname);
                  }}
                >
                  Restore my changes
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    setDraft(null);
                    clearEntryDraft(location.pathname);
                  }}
                >
                  Discard
                </Button>
              </Group>
            </Group>
          </Alert>
        )}

        {notices}

        <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="md">
            {form.kind === "document" && computation && (
              <>
                <DocumentHeader
                  form={form}
                  update={update as (recipe: (current: DocumentForm) => DocumentForm) => void}
                  lockMessage={lockMessage}
                  {...sectionProps}
                />
                {showTransport && (
                  <TransportSection
                    form={form}
                    update={update as (recipe: (current: DocumentForm) => DocumentForm) => void}
                    {...sectionProps}
                  />
                )}
                <ItemLinesTable
                  form={form}
                  update={update as (recipe: (current: DocumentForm) => DocumentForm) => void}
                  results={computation.itemLineResults}
                  checkStock={mode === "add" || mode === "duplicate"}
                  {...sectionProps}
                />
                <ChargeLinesTable
                  form={form}
                  update={update as (recipe: (current: DocumentForm) => DocumentForm) => void}
                  results={computation.accountLineResults}
                  {...sectionProps}
                />
                <Group align="flex-start" grow wrap="wrap">
                  <Stack gap="sm" miw={280}>
                    {narration}
                    <TextAreaField
                      label="Notes"
                      value={form.notes}
                      onChange={(notes) =>
                        update<DocumentForm>((current) => ({ ...current, notes }))
                      }
                      maxChars={2000}
                      minRows={1}
                      error={errors.notes}
                      disabled={readOnly}
                    />
                    {customFields}
                  </Stack>
                  <DocumentTotals
                    computed={computation.computed}
                    error={computation.error?.message ?? null}
                  />
                </Group>
              </>
            )}
            {form.kind === "settlement" && (
              <>
                <SettlementSection
                  form={form}
                  update={update as (recipe: (current: SettlementForm) => SettlementForm) => void}
                  lockMessage={lockMessage}
                  {...sectionProps}
                />
                {narration}
                {customFields}
              </>
            )}
            {form.kind === "transfer" && (
              <>
                <TransferSection
                  form={form}
                  update={update as (recipe: (current: TransferForm) => TransferForm) => void}
                  lockMessage={lockMessage}
                  {...sectionProps}
                />
                {narration}
                {customFields}
              </>
            )}
            {form.kind === "journal" && (
              <>
                <JournalSection
                  form={form}
                  update={update as (recipe: (current: JournalForm) => JournalForm) => void}
                  lockMessage={lockMessage}
                  onAddLine={() => setForm((current) => addLineTo(current).form)}
                  {...sectionProps}
                />
                {narration}
                {customFields}
              </>
            )}
          </Stack>
        </fieldset>

        {formMessage && (
          <Alert color="red" variant="light" role="alert" title="Not saved">
            {formMessage}
          </Alert>
        )}

        {!readOnly && (
          <Paper withBorder p="sm">
            <Group justify="space-between" wrap="wrap">
              <Group gap="xs">
                <Button onClick={() => void save("close")} loading={saving}>
                  Save &amp; Close
                </Button>
                <Button variant="light" onClick={() => void save("new")} disabled={saving}>
                  Save &amp; New
                </Button>
                <Button variant="light" onClick={() => void save("duplicate")} disabled={saving}>
                  Save &amp; Duplicate
                </Button>
                {definition.print !== null && (
                  <Button variant="light" onClick={() => void save("print")} disabled={saving}>
                    Save &amp; Print
                  </Button>
                )}
                <Button variant="default" onClick={leave} disabled={saving}>
                  Cancel
                </Button>
              </Group>
              <Group gap={10} aria-label="Keyboard shortcuts">
                {shortcuts.shortcuts.map((shortcut) => (
                  <Text size="xs" c="dimmed" key={shortcut.action}>
                    <Kbd size="xs">{shortcut.keys}</Kbd> {shortcut.label}
                  </Text>
                ))}
              </Group>
            </Group>
            {escapeHint && (
              <Text size="xs" c="orange.8" mt={4} role="status">
                Press Esc again to leave without saving.
              </Text>
            )}
          </Paper>
        )}
      </Stack>
      {definition.supportsTemplates && !readOnly && (
        <TemplatesModal
          opened={templatesOpen}
          onClose={() => setTemplatesOpen(false)}
          type={type}
          organisationId={context.organisationId}
          currentEntry={() => buildEntryPayload(formRef.current, context, { mode: "add" })}
          onOpen={openTemplate}
        />
      )}
    </div>
  );
}
