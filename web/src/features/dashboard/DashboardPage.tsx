import {
  canManage,
  financialYearRange,
  findGstRegistrationType,
  getVoucherDefinition,
  isVoucherType,
  todayCivil,
} from "@bahi/domain";
import {
  Anchor,
  Badge,
  Container,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { describeErrorMessage } from "../../api/http.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { describeGstinState } from "../organisations/gstin-state.ts";
import { FigureCell, FigureHeader, VoucherNumberCell } from "../reports/components/cells.tsx";
import { LazyBarChart } from "../reports/components/LazyBarChart.tsx";
import { describeAsAt, formatBalance, formatDate, formatRupees } from "../reports/report-format.ts";
import {
  DASHBOARD_CHART_BASIS,
  DASHBOARD_FIGURES,
  describeLedgerFigure,
} from "../reports/sales-figure-labels.ts";
import { useReportScope } from "../reports/use-report-scope.ts";
import {
  type BillDatesAnswer,
  type BillSummary,
  type CashAndBankAnswer,
  type DashboardCall,
  type DuesAnswer,
  dashboardKey,
  fetchDashboard,
  fetchLastTen,
  type LastThirtyDaysAnswer,
} from "./dashboard.api.ts";
import { duesChartData, salesChartData } from "./dashboard-charts.ts";

/** 'dd-MM-yyyy to dd-MM-yyyy': a ledger figure's period. */
function describePeriod(period: { startDate: string; endDate: string }): string {
  return `${formatDate(period.startDate)} to ${formatDate(period.endDate)}`;
}

/** '1 bill', '2 bills'. */
function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function useDashboardCall<T>(call: DashboardCall, organisationId: string, year: string) {
  return useQuery({
    queryKey: dashboardKey(call, organisationId, year),
    queryFn: ({ signal }) => fetchDashboard<T>(call, organisationId, year, signal),
  });
}

/** A card's body: a skeleton while loading, the error, or the content. */
function Loaded<T>({
  query,
  lines = 3,
  children,
}: {
  query: UseQueryResult<T>;
  lines?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack gap={6} role="status" aria-label="Loading">
        {Array.from({ length: lines }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <Skeleton key={index} h={18} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {describeErrorMessage(query.error)}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}

function Card({
  title,
  link,
  children,
}: {
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} fz="h5">
          {title}
        </Title>
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Paper>
  );
}

function BillCard({
  last,
  summary,
  documents,
  figure,
  withGst,
  period,
}: {
  /** The ledger figure's name, without GST (issue 40): 'Sales (excluding GST)'. */
  figure: string;
  /** The documents' total's name, GST included: 'Invoiced (including GST)'. */
  withGst: string;
  /** The ledger figure's period, as the P&L would be asked for it. */
  period: string;
  /** 'Last invoice', 'Last bill'. */
  last: string;
  summary: BillSummary;
  /** Singular and plural: ['invoice', 'invoices']. */
  documents: readonly [string, string];
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600}>
        {figure}
      </Text>
      <Text fz="xl" fw={700} style={{ fontVariantNumeric: "tabular-nums" }}>
        ₹ {formatRupees(summary.excludingGst)}
      </Text>
      <Text size="xs" c="dimmed">
        {describeLedgerFigure(period)}
      </Text>
      <Text size="sm" style={{ fontVariantNumeric: "tabular-nums" }}>
        {withGst}: ₹ {formatRupees(summary.total)}
      </Text>
      <Text size="sm" c="dimmed">
        {plural(summary.count, ...documents)} this year
      </Text>
      <Text size="sm">
        {summary.lastDate
          ? `${last}: ${formatDate(summary.lastDate)}${summary.lastNumber ? `, No. ${summary.lastNumber}` : ""}`
          : `No ${documents[1]} yet`}
      </Text>
    </Stack>
  );
}

/**
 * /{organisationId}/{year}/dashboard: the four calls of spec/api.md §7 "Dashboard" (the year's last
 * sales and purchase bills, cash and bank balances with their last entries, the last thirty days'
 * sales as a chart, what is due to and from the business, as a chart too) and the last ten
 * transactions. Every card links to its list or report.
 */
function describeRegistration(organisation: {
  gstRegistered: boolean;
  gstin: string | null;
  gstRegType: string | null;
}): string {
  if (!organisation.gstRegistered || !organisation.gstin) return "Not registered under GST.";
  const type = organisation.gstRegType
    ? findGstRegistrationType(organisation.gstRegType)?.label
    : undefined;
  return `GSTIN ${organisation.gstin}${type ? `, ${type}` : ""}, ${describeGstinState(organisation.gstin)}`;
}

export function DashboardPage() {
  const scope = useReportScope();
  const { organisation, year } = scope;
  usePageTitle(organisation.name);
  const id = organisation._id;
  const billDates = useDashboardCall<BillDatesAnswer>("billDates", id, year);
  const cashAndBank = useDashboardCall<CashAndBankAnswer>("cashAndBank", id, year);
  const lastThirty = useDashboardCall<LastThirtyDaysAnswer>("lastThirtyDays", id, year);
  const dues = useDashboardCall<DuesAnswer>("dues", id, year);
  const lastTen = useQuery({
    queryKey: dashboardKey("lastTen", id, year),
    queryFn: ({ signal }) => fetchLastTen(id, year, signal),
  });
  const asAt = dues.data?.date ?? cashAndBank.data?.date;
  const range = financialYearRange(year);

  return (
    <Container size="xl" px={{ base: 0, sm: "md" }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} fz="h2">
              {organisation.name}
            </Title>
            <Text c="dimmed" size="sm">
              Financial year {year} is open: {formatDate(range.startDate)} to{" "}
              {formatDate(range.endDate)}.
              {asAt ? ` Figures ${describeAsAt(asAt).toLowerCase()}.` : ""}
            </Text>
            <Text size="sm">{describeRegistration(organisation)}</Text>
          </div>
          <Anchor component={Link} to={scope.pathTo("reports")} fw={600}>
            All reports
          </Anchor>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <Card title="Sales" link={{ to: scope.pathTo("sales/list"), label: "Sales list" }}>
            <Loaded query={billDates}>
              {(data) => (
                <BillCard
                  last="Last invoice"
                  summary={data.sales}
                  documents={["invoice", "invoices"]}
                  figure={DASHBOARD_FIGURES.sales}
                  withGst={DASHBOARD_FIGURES.invoiced}
                  period={describePeriod(data.period)}
                />
              )}
            </Loaded>
          </Card>
          <Card
            title="Purchases"
            link={{ to: scope.pathTo("purchases/list"), label: "Purchase list" }}
          >
            <Loaded query={billDates}>
              {(data) => (
                <BillCard
                  last="Last bill"
                  summary={data.purchases}
                  documents={["bill", "bills"]}
                  figure={DASHBOARD_FIGURES.purchases}
                  withGst={DASHBOARD_FIGURES.billed}
                  period={describePeriod(data.period)}
                />
              )}
            </Loaded>
          </Card>
          <Card
            title="Cash and Bank"
            link={{ to: scope.pathTo("account/list"), label: "Accounts" }}
          >
            <Loaded query={cashAndBank}>
              {(data) =>
                data.accounts.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No cash or bank accounts.
                  </Text>
                ) : (
                  <Stack gap={6}>
                    {data.accounts.map((account) => (
                      <div key={account.accountId}>
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <Anchor
                            component={Link}
                            to={scope.ledgerPath(account.accountId)}
                            size="sm"
                            truncate
                          >
                            {account.name}
                          </Anchor>
                          <Text size="sm" fw={600} style={{ fontVariantNumeric: "tabular-nums" }}>
                            {formatBalance(account.balance) || "0.00"}
                          </Text>
                        </Group>
                        <Text size="xs" c="dimmed">
                          {account.lastDate
                            ? `Last entry ${formatDate(account.lastDate)}`
                            : "No entries this year"}
                        </Text>
                      </div>
                    ))}
                  </Stack>
                )
              }
            </Loaded>
          </Card>
          <Card title="Dues">
            <Loaded query={dues} lines={4}>
              {(data) => (
                <Stack gap={6}>
                  <div>
                    <Group justify="space-between" wrap="nowrap">
                      <Anchor component={Link} to={scope.pathTo("overdue-bills")} size="sm">
                        Receivable
                      </Anchor>
                      <Text size="sm" fw={600} style={{ fontVariantNumeric: "tabular-nums" }}>
                        {formatRupees(data.receivable.due)}
                      </Text>
                    </Group>
                    <Text size="xs" c={data.receivable.overdue > 0 ? "red.7" : "dimmed"}>
                      {formatRupees(data.receivable.overdue)} overdue on{" "}
                      {data.receivable.overdueCount} of{" "}
                      {plural(data.receivable.count, "invoice", "invoices")}
                    </Text>
                  </div>
                  <div>
                    <Group justify="space-between" wrap="nowrap">
                      <Anchor
                        component={Link}
                        to={scope.pathTo("purchases-by-overdue-bills")}
                        size="sm"
                      >
                        Payable
                      </Anchor>
                      <Text size="sm" fw={600} style={{ fontVariantNumeric: "tabular-nums" }}>
                        {formatRupees(data.payable.due)}
                      </Text>
                    </Group>
                    <Text size="xs" c={data.payable.overdue > 0 ? "red.7" : "dimmed"}>
                      {formatRupees(data.payable.overdue)} overdue on {data.payable.overdueCount} of{" "}
                      {plural(data.payable.count, "bill", "bills")}
                    </Text>
                  </div>
                </Stack>
              )}
            </Loaded>
          </Card>
        </SimpleGrid>

        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Paper withBorder p="md" component="section" aria-label="Last 30 Days Sales" h="100%">
              <Group justify="space-between" mb="xs">
                <Title order={2} fz="h5">
                  Last 30 Days Sales
                </Title>
                {lastThirty.data && (
                  <Badge variant="light" size="lg" style={{ fontVariantNumeric: "tabular-nums" }}>
                    {DASHBOARD_FIGURES.sales} ₹ {formatRupees(lastThirty.data.totalExcludingGst)}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" mb="xs">
                {DASHBOARD_CHART_BASIS}
                {lastThirty.data
                  ? `. Including GST (net of notes): ₹ ${formatRupees(lastThirty.data.total)}.`
                  : ""}
              </Text>
              <Loaded query={lastThirty} lines={6}>
                {(data) => (
                  <LazyBarChart
                    title={`${DASHBOARD_FIGURES.sales} per day, ${formatDate(data.startDate)} to ${formatDate(data.endDate)}`}
                    data={salesChartData(data.days)}
                    dataKey="label"
                    series={[{ key: "sales", label: DASHBOARD_FIGURES.sales, color: "blue.6" }]}
                    height={240}
                  />
                )}
              </Loaded>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Paper withBorder p="md" component="section" aria-label="Dues chart" h="100%">
              <Title order={2} fz="h5" mb="xs">
                Due and Overdue
              </Title>
              <Loaded query={dues} lines={6}>
                {(data) => (
                  <LazyBarChart
                    title={`Due and overdue, ${describeAsAt(data.date).toLowerCase()}`}
                    data={duesChartData(data)}
                    dataKey="label"
                    series={[
                      { key: "due", label: "Due", color: "blue.6" },
                      { key: "overdue", label: "Overdue", color: "red.6" },
                    ]}
                    height={240}
                  />
                )}
              </Loaded>
            </Paper>
          </Grid.Col>
        </Grid>

        <Paper withBorder p="md" component="section" aria-label="Last 10 Transactions">
          <Title order={2} fz="h5" mb="xs">
            Last 10 Transactions
          </Title>
          <Loaded query={lastTen} lines={10}>
            {(transactions) =>
              transactions.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No Entries
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={640}>
                  <Table aria-label="Last 10 Transactions" highlightOnHover verticalSpacing={4}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Date</Table.Th>
                        <Table.Th>Type</Table.Th>
                        <Table.Th>Number</Table.Th>
                        <Table.Th>Party</Table.Th>
                        <FigureHeader>Amount</FigureHeader>
                        <Table.Th>Add/Edit Date</Table.Th>
                        <Table.Th>Add/Edit</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {transactions.map((transaction) => {
                        const path = scope.voucherPath(transaction.voucherType, transaction._id);
                        const title = isVoucherType(transaction.voucherType)
                          ? getVoucherDefinition(transaction.voucherType).titles.singular
                          : transaction.type;
                        return (
                          <Table.Tr key={transaction._id}>
                            <Table.Td>{formatDate(transaction.date)}</Table.Td>
                            <Table.Td fz="sm">{title}</Table.Td>
                            <VoucherNumberCell path={path} number={transaction.number} />
                            <Table.Td fz="sm">{transaction.partyName ?? ""}</Table.Td>
                            <FigureCell>{formatRupees(transaction.amount)}</FigureCell>
                            <Table.Td fz="sm">
                              {formatDate(todayCivil(new Date(transaction.updatedAt)))}
                            </Table.Td>
                            <Table.Td fz="sm">{transaction.addOrEdit}</Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )
            }
          </Loaded>
        </Paper>

        <nav aria-label="Settings">
          <Title order={2} fz="h5" mb="xs">
            Settings
          </Title>
          <List>
            {canManage(organisation.role, "settings") && (
              <List.Item>
                <Anchor component={Link} to={scope.pathTo("settings/organisation")}>
                  Organisation settings
                </Anchor>
              </List.Item>
            )}
            {canManage(organisation.role, "users") && (
              <List.Item>
                <Anchor component={Link} to={scope.pathTo("settings/users")}>
                  Users
                </Anchor>
              </List.Item>
            )}
            <List.Item>
              <Anchor component={Link} to={scope.pathTo("settings/profile")}>
                Profile
              </Anchor>
            </List.Item>
          </List>
        </nav>
      </Stack>
    </Container>
  );
}
