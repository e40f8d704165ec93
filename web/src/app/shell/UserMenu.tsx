import { Button, Menu, Text } from "@mantine/core";
import { Link } from "react-router";
import { CopyIcon, UserIcon } from "../../components/icons.tsx";
import { useOwnUser } from "../../features/profile/own-user.api.ts";
import { notify } from "../notify.tsx";
import { currentYearOf, organisationPath } from "../routes.ts";
import { useSession } from "../session.tsx";
import { useCurrentScope } from "./use-current-scope.ts";
import { useSignOut } from "./use-sign-out.ts";

/** spec 2.7 user menu: support ID (click to copy), Your Organisations, Profile, Sign out. */
export function UserMenu() {
  const { data: user } = useOwnUser();
  const signOut = useSignOut();
  const profilePath = useProfilePath();
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <Button variant="subtle" color="dark" leftSection={<UserIcon />} aria-label="User menu">
          <Text span inherit truncate="end">
            {user?.name ?? "Account"}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {user && (
          <Menu.Item
            leftSection={<CopyIcon size={14} />}
            onClick={() => void copySupportId(user.userSupportId)}
          >
            Support ID: {user.userSupportId}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/organisations">
          Your Organisations
        </Menu.Item>
        {profilePath && (
          <Menu.Item component={Link} to={profilePath}>
            Profile
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item onClick={() => void signOut()}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Profile lives under an organisation (spec 2.3 settings/profile): the open one, else the first active. */
function useProfilePath(): string | null {
  const scope = useCurrentScope();
  const { organisations } = useSession();
  if (scope) return organisationPath(scope.organisation._id, scope.year, "settings/profile");
  const first = organisations.find((organisation) => organisation.active);
  return first
    ? organisationPath(first._id, currentYearOf(first.startingYear), "settings/profile")
    : null;
}

async function copySupportId(supportId: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(supportId);
    notify({ type: "success", title: "Support ID copied", message: supportId });
  } catch {
    notify({ type: "danger", title: "Could not copy the support ID", message: supportId });
  }
}
