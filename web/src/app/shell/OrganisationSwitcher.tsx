import { Button, Menu, Text } from "@mantine/core";
import { Link } from "react-router";
import { CheckIcon, ChevronDownIcon } from "../../components/icons.tsx";
import type { OrganisationSummary } from "../../features/organisations/organisations.api.ts";
import { useSession } from "../session.tsx";
import { useSwitchOrganisation } from "./use-switch-organisation.ts";

/** spec 2.7: the organisation dropdown, with '+ Add New Organisation'. */
export function OrganisationSwitcher({ current }: { current: OrganisationSummary }) {
  const { organisations } = useSession();
  const switchTo = useSwitchOrganisation();
  return (
    <Menu position="bottom-start" width={280} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          rightSection={<ChevronDownIcon size={16} />}
          aria-label={`Organisation: ${current.name}`}
          maw={320}
        >
          <Text span inherit truncate="end">
            {current.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Your organisations</Menu.Label>
        {organisations
          .filter((organisation) => organisation.active)
          .map((organisation) => {
            const isCurrent = organisation._id === current._id;
            return (
              <Menu.Item
                key={organisation._id}
                leftSection={isCurrent ? <CheckIcon size={14} /> : <span style={{ width: 14 }} />}
                aria-current={isCurrent ? "true" : undefined}
                onClick={() => {
                  if (!isCurrent) switchTo(organisation);
                }}
              >
                {organisation.name}
              </Menu.Item>
            );
          })}
        <Menu.Divider />
        <Menu.Item component={Link} to="/add-organisation">
          + Add New Organisation
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
