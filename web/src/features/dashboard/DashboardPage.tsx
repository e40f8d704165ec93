import {
  canManage,
  financialYearRange,
  findGstRegistrationType,
  formatDateDisplay,
} from "@bahi/domain";
import { Anchor, Container, List, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { organisationPath } from "../../app/routes.ts";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { describeGstinState } from "../organisations/gstin-state.ts";

/**
 * /{organisationId}/{year}/dashboard. The dashboard's figures are a later issue; until then the
 * page says which organisation and year are open and links to the settings that exist.
 */
export function DashboardPage() {
  const { organisation, year } = useOrganisationScope();
  usePageTitle(organisation.name);
  const { startDate, endDate } = financialYearRange(year);
  const settings = (page: string) => organisationPath(organisation._id, year, `settings/${page}`);
  const registration = organisation.gstRegType
    ? findGstRegistrationType(organisation.gstRegType)?.label
    : undefined;
  return (
    <Container size="md">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            {organisation.name}
          </Title>
          <Text c="dimmed">
            Financial year {year} is open: {formatDateDisplay(startDate)} to{" "}
            {formatDateDisplay(endDate)}.
          </Text>
        </div>
        {organisation.gstRegistered && organisation.gstin ? (
          <Text>
            GSTIN {organisation.gstin}
            {registration ? `, ${registration}` : ""}, {describeGstinState(organisation.gstin)}
          </Text>
        ) : (
          <Text>Not registered under GST.</Text>
        )}
        <nav aria-label="Settings">
          <Title order={2} fz="h4" mb="xs">
            Settings
          </Title>
          <List>
            {canManage(organisation.role, "settings") && (
              <List.Item>
                <Anchor component={Link} to={settings("organisation")}>
                  Organisation settings
                </Anchor>
              </List.Item>
            )}
            {canManage(organisation.role, "users") && (
              <List.Item>
                <Anchor component={Link} to={settings("users")}>
                  Users
                </Anchor>
              </List.Item>
            )}
            <List.Item>
              <Anchor component={Link} to={settings("profile")}>
                Profile
              </Anchor>
            </List.Item>
          </List>
        </nav>
      </Stack>
    </Container>
  );
}
