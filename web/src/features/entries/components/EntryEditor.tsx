import { getVoucherDefinition, type VoucherType } from "@bahi/domain";
import { Alert, Stack } from "@mantine/core";
import { type ReactNode, useCallback, useRef, useState } from "react";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { useChangeFeedInterest } from "../../change-feed/ChangeFeedProvider.tsx";
import type { NamedRecords } from "../model/document-form.ts";
import type { EntryContext, EntryMode, StoredEntry } from "../model/entry-context.ts";
import { buildEntryPayload, type EntryForm, entryFormFromStored } from "../model/entry-form.ts";
import { DraftBanner, StaleEditBanner } from "./EntryBanners.tsx";
import { EntryFormSections, type UpdateEntryForm } from "./EntryFormSections.tsx";
import { EntrySaveBar } from "./EntrySaveBar.tsx";
import { describeEntryTitle, EntryTitleBar } from "./EntryTitleBar.tsx";
import { addLineTo } from "./entry-focus.ts";
import { SaveAndNewQuestion } from "./SaveAndNewQuestion.tsx";
import { TemplatesModal } from "./TemplatesModal.tsx";
import { useEditorKeyboard } from "./use-editor-keyboard.ts";
import { useEntryDraft } from "./use-entry-draft.ts";
import { useEntryNavigation } from "./use-entry-navigation.ts";
import { useEntrySave } from "./use-entry-save.ts";
import { useLockMessage, useTransportDisplay } from "./use-entry-settings.ts";
import { useEntryTrailPath } from "./use-entry-trail-path.ts";

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
 * computeDocument gives the live totals, and one keyboard drives it (spec 2.6). This component
 * holds the form and wires the parts: title, banners, sections, save bar, templates.
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
  const scope = { organisationId: context.organisationId, year: context.year };

  const [form, setForm] = useState<EntryForm>(initialForm);
  const formRef = useRef(form);
  formRef.current = form;
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const trailPath = useEntryTrailPath(
    mode === "edit" ? entryId : null,
    describeEntryTitle(type, "old-version", loaded, null).replace(/ - Version $/, ""),
  );

  const title = describeEntryTitle(type, mode, loaded, version);
  usePageTitle(title);

  // Only a change to this very entry makes an edit or an old version stale (spec 2.7 banner).
  useChangeFeedInterest((event) => entryId !== null && event.entityId === entryId);

  const lockMessage = useLockMessage(context, type, form.date, readOnly);
  const transport = useTransportDisplay(context.organisationId, type);

  const update: UpdateEntryForm = useCallback((recipe) => {
    setForm((current) => recipe(current as Parameters<typeof recipe>[0]));
  }, []);

  const navigation = useEntryNavigation(scope, type);
  const kept = useEntryDraft({ readOnly, initialForm, formRef, onRestore: setForm });
  const entrySave = useEntrySave({
    type,
    mode,
    context,
    entryId,
    version,
    readOnly,
    lockMessage,
    formRef,
    onAccepted: kept.markSaved,
    onSaved: navigation.goAfterSave,
  });
  const { root, keyboard, shortcuts, escapeHint, saveAndNewQuestion } = useEditorKeyboard({
    type,
    organisationId: context.organisationId,
    form,
    formRef,
    setForm,
    save: entrySave.save,
    findIncomplete: entrySave.findIncomplete,
    leave: navigation.leave,
    openTemplates: () => setTemplatesOpen(true),
    templatesOpen,
  });

  function openTemplate(entry: StoredEntry) {
    setForm(entryFormFromStored(entry, context, names, { copy: true }));
    entrySave.clearErrors();
    keyboard.requestFocus("date");
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Enter and Tab move through the entry (spec 2.6)
    <div ref={root} onKeyDown={keyboard.onKeyDown}>
      <Stack gap="md">
        <EntryTitleBar
          type={type}
          title={title}
          printableId={mode === "edit" ? entryId : null}
          readOnly={readOnly}
          onPrint={navigation.openPrint}
          onOpenTemplates={() => setTemplatesOpen(true)}
          trailPath={trailPath}
        />

        {entrySave.conflict && <StaleEditBanner onRefresh={kept.keepAndReload} />}
        {kept.draft && <DraftBanner onRestore={kept.restore} onDiscard={kept.discard} />}

        {notices}

        <EntryFormSections
          type={type}
          form={form}
          update={update}
          errors={entrySave.errors}
          context={context}
          readOnly={readOnly}
          lockMessage={lockMessage}
          checkStock={mode === "add" || mode === "duplicate"}
          transport={transport}
          onAddJournalLine={() => setForm((current) => addLineTo(current).form)}
          saved={readOnly ? loaded : null}
          entryId={mode === "edit" ? entryId : null}
        />

        {entrySave.formMessage && (
          <Alert color="red" variant="light" role="alert" title="Not saved">
            {entrySave.formMessage}
          </Alert>
        )}

        {!readOnly && (
          <EntrySaveBar
            type={type}
            saving={entrySave.saving}
            onSave={(after) => void entrySave.save(after)}
            onCancel={navigation.leave}
            shortcuts={shortcuts}
            escapeHint={escapeHint}
          />
        )}
      </Stack>
      <SaveAndNewQuestion
        opened={saveAndNewQuestion.opened && !readOnly}
        missing={saveAndNewQuestion.missing}
        onConfirm={saveAndNewQuestion.confirm}
        onCancel={saveAndNewQuestion.cancel}
      />
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
