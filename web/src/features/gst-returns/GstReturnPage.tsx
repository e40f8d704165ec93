import { type GstReturnKind, RETURN_PERIOD_MESSAGES } from "@bahi/domain";
import { Alert, Anchor, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { useReportScope } from "../reports/use-report-scope.ts";
import { downloadReturnFile } from "./frame/download-return-file.ts";
import { FiledDialog, FiledNotice } from "./frame/FiledNotice.tsx";
import { ReturnBody, ReturnFrame } from "./frame/ReturnFrame.tsx";
import { useMarkFiled } from "./frame/use-mark-filed.ts";
import { WarningsPanel } from "./frame/WarningsPanel.tsx";
import { gstReturnKeys } from "./gst-returns.query.ts";
import { EmailDialog } from "./gstr1/EmailDialog.tsx";
import { Gstr1Actions } from "./gstr1/Gstr1Actions.tsx";
import { SectionRows } from "./gstr1/SectionRows.tsx";
import { SectionSummaryTable, SectionTabs } from "./gstr1/SectionSummary.tsx";
import { useEmailReturn } from "./gstr1/use-email-return.ts";
import { useGstr1Return } from "./gstr1/use-gstr1-return.ts";
import {
  COLUMNS,
  filesBlocked,
  GSTR1_PERIOD_DESCRIPTION,
  RETURN_TITLES,
  returnFile,
} from "./model/gstr1.ts";
import { FILING_LOCKS, filingBlocked, filingReason, returnSubtitle } from "./model/return-frame.ts";
import { fetchReturnFile, markReturnFiled, type ReturnPeriodQuery } from "./returns.api.ts";

/**
 * returns/gstr1 and returns/iff (spec 2.3; issue 19): the return of a period from the books.
 * Issue 40: IFF reached by its address by a monthly filer shows why it is not theirs (as the menu
 * does) instead of asking the server for a return it refuses.
 */
export function GstReturnPage({ kind }: { kind: GstReturnKind }) {
  const { organisation, pathTo } = useReportScope();
  if (kind === "iff" && organisation.gstFilingFrequency !== "quarterly") {
    return <IffNotForMonthlyFilers settingsPath={pathTo("settings/organisation")} />;
  }
  return <ReturnOfPeriod kind={kind} />;
}

function IffNotForMonthlyFilers({ settingsPath }: { settingsPath: string }) {
  return (
    <Stack gap="md">
      <Title order={2}>{RETURN_TITLES.iff}</Title>
      <Alert color="blue" variant="light" title="IFF is not for this organisation">
        <Stack gap="xs">
          <Text size="sm">{RETURN_PERIOD_MESSAGES.iffQuarterlyOnly}</Text>
          <Text size="sm">
            A monthly filer reports every month's invoices in GSTR-1.{" "}
            <Anchor component={Link} to={settingsPath}>
              Open the organisation settings
            </Anchor>
          </Text>
        </Stack>
      </Alert>
    </Stack>
  );
}

function ReturnOfPeriod({ kind }: { kind: GstReturnKind }) {
  const view = useGstr1Return(kind);
  const { scope, period, counts, rows } = view;
  const { query } = period;
  const navigate = useNavigate();
  const title = RETURN_TITLES[kind];
  const email = useEmailReturn(kind, query);
  const filing = useMarkFiled({
    mark: (arn) =>
      markReturnFiled(kind, { ...(query as ReturnPeriodQuery), ...(arn ? { arn } : {}) }),
    invalidate: gstReturnKeys.all,
  });

  const filingWait = filingReason(title, counts.data, scope.today);

  const download = (format: "json" | "excel") => {
    if (!query) return;
    const file = returnFile(kind, format);
    void downloadReturnFile(
      () => fetchReturnFile(kind, query, format),
      file.fileName,
      file.message,
    );
  };
  const openRow = (row: Record<string, unknown>) => {
    const path = scope.voucherPath(row.transactionType as string, row.entryId as string);
    if (path) navigate(path);
  };

  return (
    <ReturnFrame
      title={title}
      organisationName={scope.organisation.name}
      subtitle={returnSubtitle(counts.data)}
      period={period}
      periodDescription={GSTR1_PERIOD_DESCRIPTION}
      actions={
        <Gstr1Actions
          filesBlocked={filesBlocked(counts.data)}
          filingBlocked={filingBlocked(counts.data) || filingWait !== null}
          filingReason={filingWait}
          onDownload={download}
          onEmail={email.open}
          onMarkFiled={filing.open}
        />
      }
    >
      <ReturnBody query={counts}>
        {(data) => (
          <Stack gap="md">
            <FiledNotice
              filing={data.filing}
              locked={FILING_LOCKS.gstr1.notice}
              voucherPath={scope.voucherPath}
            />
            <WarningsPanel warnings={data.warnings} voucherPath={scope.voucherPath} />
            <SectionSummaryTable sections={data.sections} />
            <SectionTabs
              sections={data.sections}
              value={view.section}
              onChange={view.showSection}
            />
            {rows.data && (
              <SectionRows
                rows={rows.data}
                columns={COLUMNS[view.section]}
                page={view.page}
                onPage={view.showPage}
                onOpen={openRow}
              />
            )}
          </Stack>
        )}
      </ReturnBody>
      <EmailDialog opened={email.opened} onClose={email.close} title={title} onSend={email.send} />
      <FiledDialog
        opened={filing.opened}
        onClose={filing.close}
        title={title}
        locks={FILING_LOCKS.gstr1.dialog}
        pending={filing.pending}
        onConfirm={filing.confirm}
      />
    </ReturnFrame>
  );
}
