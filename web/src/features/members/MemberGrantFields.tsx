import { ROLE_LABELS, type TransactionRight } from "@bahi/domain";
import { Select, Text } from "@mantine/core";
import type { GrantedRole, MemberGrant } from "./members.api.ts";
import { RightsGrid } from "./RightsGrid.tsx";

export const GRANTED_ROLES: GrantedRole[] = ["admin", "accountant", "viewer"];

// docs/decisions/004: what each role may do, in a sentence.
const ROLE_DESCRIPTIONS: Record<GrantedRole, string> = {
  admin: "Everything in the books, the users and the settings.",
  accountant: "The books, limited to the rights ticked below.",
  viewer: "Reads everything, changes nothing.",
};

/** The grant as sent: an accountant's full grid (every line, so unticked means refused), else none. */
export function buildGrant(role: GrantedRole, rights: TransactionRight[]): MemberGrant {
  return { role, transactionPermissions: role === "accountant" ? rights : [] };
}

export function MemberGrantFields({
  role,
  rights,
  onRoleChange,
  onRightsChange,
}: {
  role: GrantedRole;
  rights: TransactionRight[];
  onRoleChange: (role: GrantedRole) => void;
  onRightsChange: (rights: TransactionRight[]) => void;
}) {
  return (
    <>
      <Select
        label="Role"
        data={GRANTED_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        value={role}
        allowDeselect={false}
        onChange={(value) => value && onRoleChange(value as GrantedRole)}
        description={ROLE_DESCRIPTIONS[role]}
      />
      {role === "accountant" ? (
        <RightsGrid rights={rights} onChange={onRightsChange} />
      ) : (
        <Text size="sm" c="dimmed">
          {role === "admin" ? "Admins have every right." : "Viewers can view every type."}
        </Text>
      )}
    </>
  );
}
