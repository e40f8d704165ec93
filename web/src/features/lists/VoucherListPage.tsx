import {
  buildVoucherScreenPath,
  type CleanListFilter,
  type ExportFormat,
  getVoucherDefinition,
  type ListSortValue,
  type ListView,
  type RowAction,
  type RowActionFeature,
  selectFilterFields,
  selectListColumns,
  selectRowActions,
  titleListScreen,
  VOUCHER_REGISTRY,
  type VoucherType,
} from "@bahi/domain";
import { ActionIcon, Affix, Button, Group, Stack, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { memo, useCallback, useEffect, useMemo, useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { notify } from "../../app/notify.tsx";
import { organisationPath } from "../../app/routes.ts";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { useChangeFeed, useChangeFeedInterest } from "../change-feed/ChangeFeedProvider.tsx";
import { SendFlow } from "../sending/SendFlow.tsx";
import { SendSelectedButton } from "../sending/selection/SendSelectedButton.tsx";
import type { SendTarget } from "../sending/sending.api.ts";
import { EXPORT_FORMAT_LABELS } from "./DownloadControl.tsx";
import { FilterChips } from "./FilterChips.tsx";
import { FilterDialog } from "./FilterDialog.tsx";
import { describeFilterChips, type FilterChip } from "./filter-chips.ts";
import { ListCards } from "./ListCards.tsx";
import { ListEmptyState } from "./ListEmptyState.tsx";
import { ListGrid } from "./ListGrid.tsx";
import { ListPagination } from "./ListPagination.tsx";
import { ListSkeleton } from "./ListSkeleton.tsx";
import { ListToolbar } from "./ListToolbar.tsx";
import { ListTotals } from "./ListTotals.tsx";
import { LogDialog, type LogTarget } from "./LogDialog.tsx";
import { describeListContent } from "./list-content.ts";
import type { ListRowsProps } from "./list-rows.ts";
import { hasActiveFilters, initialListState, listQueryKey, reduceListState } from "./list-state.ts";
import { deleteEntries, downloadList, type ListRecord, restoreEntries } from "./lists.api.ts";
import { countPages } from "./pagination.ts";
import { describeRowOpenPath, describeRowOutcome } from "./row-outcomes.ts";
import { saveFile } from "./save-file.ts";
import { useCustomFieldsOf } from "./use-custom-fields.ts";
import { useAccountNames } from "./use-list-accounts.ts";
import { useListKeyboard } from "./use-list-keyboard.ts";
import { invalidateLists, useInitialDelay, useListPage } from "./use-list-page.ts";
import { useListSelection } from "./use-list-selection.ts";
import { useStableCallback } from "./use-stable-callback.ts";

const FEATURES: ReadonlySet<RowActionFeature> = new Set(["printing", "messaging"]);

const MemoConfirmDeleteDialog = memo(ConfirmDeleteDialog);

/** /{organisationId}/{year}/{transactionType}/list and /deleted-entries (spec 2.5). */
export function VoucherListPage({ type, view }: { type: VoucherType; view: ListView }) {
  const { organisation, year } = useOrganisationScope();
  const organisationId = organisation._id;
  const scope = useMemo(() => ({ organisationId, year }), [organisationId, year]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { recordOwnChanges } = useChangeFeed();
  useChangeFeedInterest((event) => event.entityType === type);
  const definition = VOUCHER_REGISTRY[type];
  const title = titleListScreen(type, view);
  usePageTitle(title);
  const cards = useMediaQuery("(max-width: 48em)") ?? false;

  const [state, dispatch] = useReducer(reduceListState, { type, view, year }, initialListState);
  if (state.type !== type || state.view !== view || state.year !== year) {
    dispatch({ kind: "scopeChanged", type, view, year });
  }

  const { billWiseEntry, gstRegistered, gstRegType } = organisation;
  const columns = useMemo(() => selectListColumns(type, { billWiseEntry }), [type, billWiseEntry]);
  const fields = useMemo(
    () => selectFilterFields(type, { billWiseEntry, gstRegistered, gstRegType: gstRegType ?? "" }),
    [type, billWiseEntry, gstRegistered, gstRegType],
  );
  const rowActions = useMemo(
    () => selectRowActions(type, { view, features: FEATURES }),
    [type, view],
  );

  const ready = useInitialDelay();
  const list = useListPage(organisationId, state, ready);
  const records = list.data?.records ?? [];
  const count = list.data?.count ?? 0;
  const pageCount = countPages(count, state.pageSize);
  const accounts = useAccountNames(organisationId, list.data?.records, columns);
  const filtersActive = hasActiveFilters(state);
  const [filterOpen, setFilterOpen] = useState(false);
  const customFields = useCustomFieldsOf(
    organisationId,
    type,
    filterOpen || state.filters?.customFields !== undefined,
  );
  const content = describeListContent({
    loading: !ready || list.isPending || accounts.waiting,
    count,
    search: state.search,
    filtersActive,
  });

  const loadKey = JSON.stringify(listQueryKey(organisationId, state));
  const selection = useListSelection(loadKey);
  // spec 4: the row highlight goes back to the first row when the rows change — in the same
  // render as the new rows, not one after.
  const [highlight, setHighlight] = useState<{ rows: unknown; index: number }>({
    rows: undefined,
    index: 0,
  });
  const highlighted = highlight.rows === list.data ? highlight.index : 0;
  const setHighlighted = (next: (index: number) => number) =>
    setHighlight({ rows: list.data, index: next(highlighted) });

  // A page emptied by deletes (or by another tab) falls back to the last page there is.
  useEffect(() => {
    if (
      list.data &&
      !list.isPlaceholderData &&
      records.length === 0 &&
      state.page > 1 &&
      count > 0
    ) {
      dispatch({ kind: "pageChanged", page: pageCount });
    }
  }, [list.data, list.isPlaceholderData, records.length, state.page, count, pageCount]);

  const [logTarget, setLogTarget] = useState<LogTarget | null>(null);
  const [toDelete, setToDelete] = useState<ListRecord[] | null>(null);
  const [sending, setSending] = useState<SendTarget | null>(null);
  const closeSend = useCallback(() => setSending(null), []);
  const [deleting, setDeleting] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const rowLabel = useCallback(
    (record: ListRecord) => `${definition.titles.singular} ${record.number ?? ""}`.trim(),
    [definition],
  );
  const goTo = useStableCallback((path: string) => void navigate(path));
  const addPath = buildVoucherScreenPath(scope, type, { screen: "add" });
  const current = records[highlighted];

  const runAction = useStableCallback((action: RowAction, record: ListRecord) => {
    const outcome = describeRowOutcome(action, scope, type, record);
    switch (outcome.kind) {
      case "navigate":
        goTo(outcome.to);
        return;
      case "refuse":
        notify({ type: "danger", title: outcome.title, message: outcome.message });
        return;
      case "log":
        setLogTarget({ entryId: record._id, label: rowLabel(record) });
        return;
      case "delete":
        setToDelete([record]);
        return;
      case "send":
        setSending({
          kind: "document",
          organisationId,
          entryId: record._id,
          type,
          label: rowLabel(record),
        });
        return;
    }
  });
  const linkOf = useStableCallback((action: RowAction, record: ListRecord) => {
    const outcome = describeRowOutcome(action, scope, type, record);
    return outcome.kind === "navigate" && action.kind === "link" ? outcome.to : null;
  });
  const openRow = useStableCallback((index: number) => {
    const record = records[index];
    if (record) goTo(describeRowOpenPath(scope, type, record, view));
  });
  const toggleAll = useStableCallback((checked: boolean) =>
    selection.setAll(
      records.map((record) => record._id),
      checked,
    ),
  );
  const toggle = useStableCallback((id: string) => selection.toggle(id));
  const onSearchTyped = useCallback((text: string) => dispatch({ kind: "searchTyped", text }), []);
  const onSearchSettled = useCallback(
    (text: string) => dispatch({ kind: "searchSettled", text }),
    [],
  );
  const onSort = useCallback((sort: ListSortValue) => dispatch({ kind: "sortChanged", sort }), []);
  const onPage = useCallback((page: number) => dispatch({ kind: "pageChanged", page }), []);
  const onPageSize = useCallback(
    (pageSize: number) => dispatch({ kind: "pageSizeChanged", pageSize }),
    [],
  );
  const onRemoveChip = useCallback(
    (chip: FilterChip) =>
      dispatch({
        kind: "filterRemoved",
        field: chip.field,
        ...(chip.customFieldId ? { customFieldId: chip.customFieldId } : {}),
      }),
    [],
  );
  const openFilter = useCallback(() => setFilterOpen(true), []);
  const closeFilter = useCallback(() => setFilterOpen(false), []);
  const applyFilters = useCallback((filters: CleanListFilter | undefined) => {
    dispatch({ kind: "filtersApplied", filters });
    setFilterOpen(false);
  }, []);
  const closeLog = useCallback(() => setLogTarget(null), []);
  const closeDelete = useCallback(() => setToDelete(null), []);
  const deleteSelected = useStableCallback(() =>
    setToDelete(records.filter((record) => selection.ids.has(record._id))),
  );

  const confirmDelete = useStableCallback(async () => {
    if (!toDelete) return;
    const ids = toDelete.map((record) => record._id);
    setDeleting(true);
    recordOwnChanges(ids);
    try {
      const answer = await deleteEntries(type, organisationId, ids);
      notify({
        type: "success",
        title:
          answer.message ||
          `${ids.length} ${ids.length === 1 ? "entry" : "entries"} Deleted Successfully.`,
      });
      setToDelete(null);
      selection.clear();
      await invalidateLists(queryClient, organisationId);
    } catch {
      // The client has shown the server's message under "Error" (api.md 8).
    } finally {
      setDeleting(false);
    }
  });

  const [restoring, setRestoring] = useState(false);
  const restoreSelected = useStableCallback(async () => {
    const ids = records
      .filter((record) => selection.ids.has(record._id))
      .map((record) => record._id);
    if (ids.length === 0) return;
    setRestoring(true);
    recordOwnChanges(ids);
    try {
      const answer = await restoreEntries(type, organisationId, ids);
      notify({ type: "success", title: answer.message });
      selection.clear();
      await invalidateLists(queryClient, organisationId);
    } catch {
      // The client has shown the server's message (a locked month, a number taken meanwhile).
    } finally {
      setRestoring(false);
    }
  });

  const download = useStableCallback(async (format: ExportFormat) => {
    setDownloading(true);
    try {
      const file = await downloadList({ ...state, organisationId }, format);
      saveFile(file.blob, file.fileName);
      notify({
        type: "success",
        title: "Download",
        message: `Report has been successfully exported in ${EXPORT_FORMAT_LABELS[format]}.`,
      });
    } catch {
      // "Not able to download file!" with the server's message, shown by the client.
    } finally {
      setDownloading(false);
    }
  });

  const hasRows = content === "rows";
  useListKeyboard({
    move: (step) => {
      if (hasRows)
        setHighlighted((index) => Math.min(records.length - 1, Math.max(0, index + step)));
    },
    open: () => {
      if (hasRows && current) goTo(describeRowOpenPath(scope, type, current, view));
    },
    duplicate: () => {
      if (hasRows && current && view === "live") {
        goTo(buildVoucherScreenPath(scope, type, { screen: "duplicate", id: current._id }));
      }
    },
    toggleSelection: () => {
      if (hasRows && current && view === "live") selection.toggle(current._id);
    },
    sideways: (step) => {
      const target = state.page + step;
      if (getVoucherDefinition(type).arrowKeysPage && target >= 1 && target <= pageCount) {
        dispatch({ kind: "pageChanged", page: target });
      }
      setHighlighted(() => 0);
    },
    add: () => goTo(addPath),
    back: () => goTo(organisationPath(organisationId, year, "start")),
  });

  const customFieldNames = useMemo(
    () => new Map(customFields.map((field) => [field._id, field.name])),
    [customFields],
  );
  const chips = useMemo(
    () =>
      describeFilterChips(state.filters, {
        fields,
        accountNames: accounts.names,
        customFieldNames,
        partySide: definition.partySide,
      }),
    [state.filters, fields, accounts.names, customFieldNames, definition.partySide],
  );
  const cellContext = useMemo(
    () => ({ accountNames: accounts.names, partySide: definition.partySide }),
    [accounts.names, definition.partySide],
  );
  const filterContext = useMemo(
    () => ({ year, accounts: accounts.accounts, customFields, partySide: definition.partySide }),
    [year, accounts.accounts, customFields, definition.partySide],
  );

  const rowsProps: ListRowsProps = {
    title,
    columns,
    records,
    highlighted,
    selected: selection.ids,
    // Deleted Entries select rows to restore them (issue 39).
    selectable: true,
    onToggle: toggle,
    onToggleAll: toggleAll,
    onOpen: openRow,
    cellContext,
    rowLabel,
    rowActions,
    linkOf,
    onAction: runAction,
    busy: list.isPlaceholderData,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} fz="h2">
          {title}
        </Title>
        {view === "live" && !cards && <Button onClick={() => goTo(addPath)}>Add New</Button>}
      </Group>
      <ListToolbar
        view={view}
        searchInput={state.searchInput}
        onSearchTyped={onSearchTyped}
        onSearchSettled={onSearchSettled}
        filterCount={chips.length}
        onOpenFilter={openFilter}
        sort={state.sort}
        onSort={onSort}
        downloading={downloading}
        onDownload={download}
        selectedCount={selection.ids.size}
        onDeleteSelected={deleteSelected}
        restoring={restoring}
        onRestoreSelected={restoreSelected}
      />
      {view === "live" && definition.print !== null && selection.ids.size > 0 && (
        // Issue 40: the selection, each to its own party's email.
        <Group gap="sm">
          <SendSelectedButton
            organisationId={organisationId}
            type={type}
            selected={records.filter((record) => selection.ids.has(record._id))}
          />
        </Group>
      )}
      <FilterChips chips={chips} onRemove={onRemoveChip} />
      {content === "loading" ? (
        <ListSkeleton />
      ) : content === "rows" ? (
        cards ? (
          <ListCards {...rowsProps} />
        ) : (
          <ListGrid {...rowsProps} />
        )
      ) : (
        <ListEmptyState
          content={content}
          type={type}
          view={view}
          layout={cards ? "cards" : "table"}
          filtersActive={filtersActive}
          onAdd={() => goTo(addPath)}
          onClearFilters={() => dispatch({ kind: "filtersCleared" })}
        />
      )}
      {content === "rows" && list.data && (
        <Stack gap="sm">
          <ListTotals pageTotal={list.data.pageTotal} total={list.data.total} count={count} />
          <ListPagination
            page={state.page}
            pageCount={pageCount}
            pageSize={state.pageSize}
            onPage={onPage}
            onPageSize={onPageSize}
          />
        </Stack>
      )}
      <FilterDialog
        opened={filterOpen}
        fields={fields}
        filters={state.filters}
        context={filterContext}
        onApply={applyFilters}
        onClose={closeFilter}
      />
      <MemoConfirmDeleteDialog
        opened={toDelete !== null}
        what={
          (toDelete?.length ?? 0) > 1
            ? definition.titles.plural.toLowerCase()
            : definition.titles.singular.toLowerCase()
        }
        name={(toDelete ?? []).map((record) => record.number ?? "").join(", ")}
        deleting={deleting}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      />
      <LogDialog target={logTarget} type={type} view={view} scope={scope} onClose={closeLog} />
      {sending && <SendFlow target={sending} channel="email" onClose={closeSend} />}
      {view === "live" && cards && (
        // Below Mantine's modals (z-index 200), so that it never covers a dialog's buttons.
        <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
          <ActionIcon size={56} radius="xl" aria-label="Add New" onClick={() => goTo(addPath)}>
            <span aria-hidden="true" style={{ fontSize: 28, lineHeight: 1 }}>
              +
            </span>
          </ActionIcon>
        </Affix>
      )}
    </Stack>
  );
}
