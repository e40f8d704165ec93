import { Anchor, Container, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { AccountPicker } from "../../../components/inputs/AccountPicker.tsx";
import { SelectInput } from "../../../components/inputs/SelectInput.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { itemsQuery } from "../../masters/masters.api.ts";
import { type ReportGroup, STATEMENT_REPORTS, visibleReports } from "../report-definitions.ts";
import { useReportScope } from "../use-report-scope.ts";

interface IndexEntry {
  route: string;
  title: string;
  description: string;
}

function ReportLinks({
  heading,
  entries,
  pathTo,
}: {
  heading: string;
  entries: readonly IndexEntry[];
  pathTo: (page: string) => string;
}) {
  return (
    <section aria-label={heading}>
      <Title order={2} fz="h4" mb="xs">
        {heading}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {entries.map((entry) => (
          <Paper key={entry.route} withBorder p="sm">
            <Anchor component={Link} to={pathTo(entry.route)} fw={600}>
              {entry.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              {entry.description}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}

/** spec 2.3 reports/email-logs: every email and WhatsApp message sent, with its status. */
const MESSAGE_REPORTS: readonly IndexEntry[] = [
  {
    route: "reports/email-logs",
    title: "Email Logs",
    description: "Every email and WhatsApp message sent, its status, and Resend.",
  },
];

const GROUP_HEADINGS: Record<ReportGroup, string> = {
  sales: "Sales Reports",
  purchases: "Purchase Reports",
  other: "Other Reports",
};

/**
 * reports: every report this organisation can open (spec 2.3; the state and GST-rate reports
 * only when it is registered for GST), and a way into any account's or item's ledger.
 */
export function ReportsIndexPage() {
  usePageTitle("Reports");
  const scope = useReportScope();
  const { organisation } = scope;
  const navigate = useNavigate();
  const items = useQuery({
    ...itemsQuery(organisation._id, null),
    enabled: organisation.manageInventory,
  });
  return (
    <Container size="xl" px={{ base: 0, sm: "md" }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            Reports
          </Title>
          <Text c="dimmed" size="sm">
            {organisation.name} · Financial year {scope.year}
          </Text>
        </div>
        <ReportLinks
          heading="Financial Statements"
          entries={STATEMENT_REPORTS}
          pathTo={scope.pathTo}
        />
        <section aria-label="Ledgers">
          <Title order={2} fz="h4" mb="xs">
            Ledgers
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <Paper withBorder p="sm">
              <AccountPicker
                label="Account Ledger"
                placeholder="Choose an account"
                value={null}
                allowAdd={false}
                organisationId={organisation._id}
                onChange={(accountId) => {
                  if (accountId) void navigate(scope.ledgerPath(accountId));
                }}
              />
            </Paper>
            {organisation.manageInventory && (
              <Paper withBorder p="sm">
                <SelectInput
                  label="Item Ledger"
                  placeholder="Choose an item"
                  value={null}
                  data={(items.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
                  onChange={(itemId) => {
                    if (itemId) void navigate(scope.itemLedgerPath(itemId));
                  }}
                />
              </Paper>
            )}
          </SimpleGrid>
        </section>
        {(["sales", "purchases", "other"] as const).map((group) => (
          <ReportLinks
            key={group}
            heading={GROUP_HEADINGS[group]}
            entries={visibleReports(organisation, group)}
            pathTo={scope.pathTo}
          />
        ))}
        <ReportLinks heading="Messages" entries={MESSAGE_REPORTS} pathTo={scope.pathTo} />
      </Stack>
    </Container>
  );
}
