import { Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { usePageTitle } from "../../../components/use-page-title.ts";

export interface ReportFrameProps {
  title: string;
  /** The organisation's name, then the period ('As at 31-03-2026'), as the files print them. */
  organisationName: string;
  period?: string | undefined;
  /** The download control and other buttons, top right. */
  actions?: ReactNode;
  /** The filters, in a bar under the title. */
  filters?: ReactNode;
  /** A link back to the reports index (absent on the ledgers, reached by drill-down). */
  backTo?: { to: string; label: string };
  children: ReactNode;
}

/** The frame of every report screen: title, organisation and period, download, filters. */
export function ReportFrame({
  title,
  organisationName,
  period,
  actions,
  filters,
  backTo,
  children,
}: ReportFrameProps) {
  usePageTitle(title);
  return (
    <Container size="xl" px={{ base: 0, sm: "md" }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            {backTo && (
              <Text size="sm" component={Link} to={backTo.to} c="blue.6">
                ← {backTo.label}
              </Text>
            )}
            <Title order={1} fz="h2">
              {title}
            </Title>
            <Text c="dimmed" size="sm" data-testid="report-period">
              {organisationName}
              {period ? ` · ${period}` : ""}
            </Text>
          </div>
          {actions && (
            <Group gap="xs" wrap="nowrap">
              {actions}
            </Group>
          )}
        </Group>
        {filters && (
          <Paper withBorder p="sm" component="section" aria-label="Filters">
            <Group gap="sm" align="flex-end" wrap="wrap">
              {filters}
            </Group>
          </Paper>
        )}
        {children}
      </Stack>
    </Container>
  );
}
