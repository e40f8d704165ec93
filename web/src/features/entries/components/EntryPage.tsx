import {
  buildVoucherScreenPath,
  getVoucherDefinition,
  isInvoiceStatus,
  isSettlementAllowed,
  todayCivil,
  VOUCHER_TYPES,
  type VoucherType,
} from "@bahi/domain";
import { Alert, Anchor, Center, Loader, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { describeErrorMessage } from "../../../api/errors.ts";
import { notify } from "../../../app/notify.tsx";
import { useOrganisationScope } from "../../../app/shell/use-current-scope.ts";
import { useActiveAccounts } from "../../../components/inputs/account-options.ts";
import { useItems } from "../../masters/masters.api.ts";
import { entryKeys, fetchEntry, fetchNextNumber, fetchOldEntry } from "../entries.api.ts";
import { SETTLEMENT_QUERY_PARAM } from "../entry-paths.ts";
import { describeSettlement, settlementFormForInvoice } from "../model/account-forms.ts";
import {
  convertDocumentForm,
  describeDocumentFields,
  type NamedRecords,
} from "../model/document-form.ts";
import {
  type EntryContext,
  type EntryMode,
  readString,
  type StoredEntry,
} from "../model/entry-context.ts";
import {
  type EntryForm,
  emptyEntryForm,
  entryFormFromStored,
  selectEntryFormKind,
} from "../model/entry-form.ts";
import { withLastCashBank } from "../model/last-cash-bank.ts";
import { EntryEditor } from "./EntryEditor.tsx";
import {
  ConversionActions,
  EInvoiceNotice,
  OldVersionNotice,
  SettlementStatus,
  SourceNotice,
} from "./EntryNotices.tsx";

/** The route element: a fresh page for every visit (Save & New lands on the same path). */
export function EntryRoute({ type, mode }: { type: VoucherType; mode: EntryMode }) {
  const location = useLocation();
  return <EntryPage key={location.key} type={type} mode={mode} />;
}

/** Which type a conversion query parameter comes from (the registry's conversions). */
function sourceTypeOf(into: VoucherType, param: string): VoucherType | undefined {
  return VOUCHER_TYPES.find((type) =>
    getVoucherDefinition(type).conversions.some(
      (conversion) => conversion.into === into && conversion.queryParam === param,
    ),
  );
}

interface Prepared {
  form: EntryForm;
  notices: ReactNode;
}

/**
 * add, edit/{id}, duplicate/{id}, old-version/{id}/{version} of any type (spec 2.3): loads what
 * the screen starts from (the entry, a version, the quotation or order converted, the invoice a
 * receipt settles, the next number), then hands one form to the editor.
 */
export function EntryPage({ type, mode }: { type: VoucherType; mode: EntryMode }) {
  const { organisation, year } = useOrganisationScope();
  const params = useParams();
  const [search] = useSearchParams();
  const organisationId = organisation._id;
  const scope = useMemo(() => ({ organisationId, year }), [organisationId, year]);
  const definition = getVoucherDefinition(type);
  const kind = selectEntryFormKind(type);
  const entryId = params.entryId ?? null;
  const versionParam = Number(params.version);

  const context: EntryContext = useMemo(
    () => ({
      type,
      organisationId,
      year,
      today: todayCivil(),
      organisation: {
        stateCode: organisation.stateCode,
        gstRegistered: organisation.gstRegistered,
        gstRegType: organisation.gstRegType,
        manageInventory: organisation.manageInventory,
        billWiseEntry: organisation.billWiseEntry,
      },
    }),
    [type, organisationId, year, organisation],
  );

  const conversion = useMemo(() => {
    if (mode !== "add" || kind !== "document") return null;
    for (const param of describeDocumentFields(type).sourceParams) {
      const id = search.get(param);
      const from = sourceTypeOf(type, param);
      if (id && from) return { param, id, from };
    }
    return null;
  }, [mode, kind, type, search]);
  const settlementInvoiceId =
    mode === "add" && kind === "settlement" ? search.get(SETTLEMENT_QUERY_PARAM) : null;
  const settles =
    kind === "settlement"
      ? describeSettlement(type === "payments" ? "payments" : "receipts").settles
      : null;

  // The pickers' lists load before the form shows, so keys typed at once find what they name.
  const items = useItems(organisationId, null);
  const activeItems = useItems(organisationId, true);
  const accounts = useActiveAccounts(organisationId);
  const entry = useQuery({
    queryKey: entryKeys.entry(type, organisationId, entryId ?? ""),
    queryFn: () => fetchEntry(type, organisationId, entryId ?? ""),
    // An old version reads the current entry too, for its number (a version keeps the payload).
    enabled: entryId !== null && mode !== "add",
    staleTime: 0,
  });
  const oldEntry = useQuery({
    queryKey: entryKeys.oldEntry(type, organisationId, entryId ?? "", versionParam),
    queryFn: () => fetchOldEntry(type, organisationId, entryId ?? "", versionParam),
    enabled: mode === "old-version" && entryId !== null && Number.isInteger(versionParam),
  });
  const source = useQuery({
    queryKey: entryKeys.entry(conversion?.from ?? type, organisationId, conversion?.id ?? ""),
    queryFn: () => fetchEntry(conversion?.from ?? type, organisationId, conversion?.id ?? ""),
    enabled: conversion !== null,
    staleTime: 0,
  });
  const invoice = useQuery({
    queryKey: entryKeys.entry(settles ?? type, organisationId, settlementInvoiceId ?? ""),
    queryFn: () => fetchEntry(settles ?? type, organisationId, settlementInvoiceId ?? ""),
    enabled: settlementInvoiceId !== null && settles !== null,
    staleTime: 0,
  });
  const wantsNumber = kind === "document" && (mode === "add" || mode === "duplicate");
  const nextNumber = useQuery({
    queryKey: entryKeys.nextNumber(type, organisationId, year),
    queryFn: () => fetchNextNumber(type, organisationId, year),
    enabled: wantsNumber,
    staleTime: 0,
  });

  const waiting = [
    kind === "document" ? items : null,
    kind === "document" ? activeItems : null,
    accounts,
    mode === "edit" || mode === "duplicate" ? entry : null,
    mode === "old-version" ? oldEntry : null,
    conversion ? source : null,
    settlementInvoiceId ? invoice : null,
    wantsNumber ? nextNumber : null,
  ].filter((query) => query !== null);
  const failed = waiting.find((query) => query.isError && query !== nextNumber);
  // What a save may just have changed (the next number, the entry) is read afresh, not from cache.
  const fresh: unknown[] = [nextNumber, entry, oldEntry, source, invoice];
  const ready = waiting.every(
    (query) => query.isError || (!query.isPending && !(fresh.includes(query) && query.isFetching)),
  );

  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const refusalShown = useRef(false);

  useEffect(() => {
    if (!ready || failed || prepared) return;
    const names: NamedRecords = {
      itemName: (id) => {
        const item = items.data?.find((candidate) => candidate._id === id);
        return { name: item?.name ?? "", type: item?.type ?? null };
      },
    };
    const withNumber = (form: EntryForm): EntryForm =>
      form.kind === "document" && nextNumber.data
        ? { ...form, invoiceNumber: nextNumber.data, numberIsSuggestion: true }
        : form;
    let form: EntryForm = emptyEntryForm(context);
    let notices: ReactNode = null;
    if (mode === "edit" && entry.data) {
      form = entryFormFromStored(entry.data, context, names, { copy: false });
      notices = (
        <>
          <EInvoiceNotice entry={entry.data} />
          <SettlementStatus type={type} entry={entry.data} scope={scope} />
          <ConversionActions type={type} entry={entry.data} scope={scope} />
        </>
      );
    } else if (mode === "duplicate" && entry.data) {
      form = withNumber(entryFormFromStored(entry.data, context, names, { copy: true }));
    } else if (mode === "old-version" && oldEntry.data && entryId) {
      form = entryFormFromStored(oldEntry.data, context, names, { copy: false });
      notices = (
        <OldVersionNotice type={type} entry={oldEntry.data} entryId={entryId} scope={scope} />
      );
    } else if (conversion && source.data) {
      form = withNumber(
        convertDocumentForm(source.data, conversion.param, conversion.id, context, names),
      );
      notices = <SourceNotice sourceType={conversion.from} source={source.data} />;
    } else if (settlementInvoiceId && invoice.data && settles) {
      const status = readString(invoice.data, "status");
      if (isInvoiceStatus(status) && !isSettlementAllowed(status)) {
        const refusal = getVoucherDefinition(settles).settlement?.refusal;
        if (refusal && !refusalShown.current) {
          refusalShown.current = true;
          notify({ type: "danger", title: refusal.title, message: refusal.message });
        }
      } else {
        form = settlementFormForInvoice(
          invoice.data,
          context as EntryContext & { type: "receipts" | "payments" },
        );
      }
    } else {
      form = withNumber(form);
    }
    if (mode === "add") form = withLastCashBank(form, context.organisationId, type);
    setPrepared({ form, notices });
  }, [
    ready,
    failed,
    prepared,
    items.data,
    nextNumber.data,
    context,
    mode,
    entry.data,
    oldEntry.data,
    entryId,
    conversion,
    source.data,
    settlementInvoiceId,
    invoice.data,
    settles,
    type,
    scope,
  ]);

  const listPath = buildVoucherScreenPath(scope, type, { screen: "list" });
  if (failed) {
    return (
      <Alert color="red" title={`Could not open the ${definition.titles.singular}`} role="alert">
        <Stack gap="xs">
          {describeErrorMessage(failed.error)}
          <Anchor component={Link} to={listPath}>
            Back to {definition.titles.list}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  const stored: StoredEntry | null =
    mode === "old-version" && oldEntry.data
      ? { ...oldEntry.data, number: entry.data?.number ?? oldEntry.data.invoiceNumber }
      : mode === "edit"
        ? (entry.data ?? null)
        : null;
  if (mode === "edit" && stored && stored.deletedAt) {
    return (
      <Alert color="orange" title="This entry has been deleted" role="alert">
        <Anchor component={Link} to={listPath}>
          Back to {definition.titles.list}
        </Anchor>
      </Alert>
    );
  }
  if (!prepared) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const version = stored && typeof stored.version === "number" ? stored.version : null;
  return (
    <EntryEditor
      type={type}
      mode={mode}
      context={context}
      initialForm={prepared.form}
      names={{
        itemName: (id) => {
          const item = items.data?.find((candidate) => candidate._id === id);
          return { name: item?.name ?? "", type: item?.type ?? null };
        },
      }}
      loaded={stored}
      entryId={mode === "edit" || mode === "old-version" ? entryId : null}
      version={mode === "old-version" ? versionParam : version}
      notices={prepared.notices}
    />
  );
}
