import {
  type AccountNature,
  findAccountGroup,
  findStateByCode,
  formatAmount,
  isPartyNature,
  rupeesToPaise,
} from "@bahi/domain";
import { Anchor, Button, Container, Group, Menu, Stack, Table, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { organisationPath } from "../../app/routes.ts";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog.tsx";
import { openAccountModal } from "../../components/inputs/master-modals.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { NotFoundPage } from "../not-found/NotFoundPage.tsx";
import { describeBalance, totalOpeningBalances } from "./balances.ts";
import { AddEmailDialog, AddPhoneDialog } from "./ContactDialogs.tsx";
import { type ActiveFilter, activeParam, ListToolbar, matchesSearch } from "./ListToolbar.tsx";
import { MasterListContent } from "./MasterListContent.tsx";
import { ActiveBadge, MasterRowMenu } from "./MasterListRow.tsx";
import {
  type AccountRecord,
  deleteAccount,
  MASTER_TOASTS,
  refreshAccounts,
  setAccountActive,
  useAccountsWithBalances,
} from "./masters.api.ts";
import { useMasterRowActions } from "./use-master-row-actions.ts";

type ContactDialog = { kind: "email" | "phone"; account: AccountRecord };

/** /{org}/{year}/list/{accountnature}: the accounts of one nature, written in any case. */
export function NatureAccountsPage() {
  const { accountnature = "" } = useParams();
  const group = findAccountGroup(decodeURIComponent(accountnature));
  if (!group) return <NotFoundPage />;
  return <AccountsPage key={group.name} nature={group.name} />;
}

/**
 * /{org}/{year}/account/list ("Accounts Balances", spec 2.4) and list/{accountnature}: accounts
 * with their balances as at today (inside the open year), searchable, active or inactive, with
 * add, edit, active/inactive, delete through Confirm Delete, and a party's email and phone.
 */
export function AccountsPage({ nature }: { nature?: AccountNature }) {
  const title = nature ?? "Accounts Balances";
  usePageTitle(title);
  const { organisation, year } = useOrganisationScope();
  const organisationId = organisation._id;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [active, setActive] = useState<ActiveFilter>("active");
  const [dialog, setDialog] = useState<ContactDialog | null>(null);
  const accounts = useAccountsWithBalances(organisationId, {
    active: activeParam(active),
    year,
    ...(nature ? { natures: [nature] } : {}),
  });

  const actions = useMasterRowActions<AccountRecord>({
    organisationId,
    setActive: setAccountActive,
    remove: deleteAccount,
    deletedToast: MASTER_TOASTS.accountDeleted,
    refresh: () => refreshAccounts(queryClient, organisationId),
  });

  const shown = (accounts.data?.accounts ?? []).filter((account) =>
    matchesSearch(
      [account.name, account.displayName, account.nature, account.gstin, account.mobileNo],
      search,
    ),
  );
  const totals = totalOpeningBalances(
    shown.map((account) =>
      account.balanceType === "cr"
        ? -rupeesToPaise(Math.abs(account.balance ?? 0))
        : rupeesToPaise(Math.abs(account.balance ?? 0)),
    ),
  );

  const ledgerPath = (accountId: string) =>
    organisationPath(organisationId, year, `ledger/${encodeURIComponent(accountId)}`);

  const openAdd = () => openAccountModal({ mode: "add", ...(nature ? { nature } : {}) });
  const openEdit = (account: AccountRecord) =>
    openAccountModal({ mode: "edit", accountId: account._id });

  return (
    <Container size="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} fz="h2">
            {title}
          </Title>
          <Button
            variant="subtle"
            component={Link}
            to={organisationPath(organisationId, year, "account/list-with-opening-balances")}
          >
            Opening Balances
          </Button>
        </Group>
        <ListToolbar
          search={search}
          onSearch={setSearch}
          searchPlaceholder="Search by name, nature, GSTIN or mobile"
          active={active}
          onActive={setActive}
          onAdd={openAdd}
        />
        <MasterListContent
          pending={accounts.isPending}
          empty={shown.length === 0}
          search={search}
          emptyText="No Accounts Present"
        >
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover verticalSpacing="xs" aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Nature</Table.Th>
                  <Table.Th>GSTIN / State</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th w={48}>
                    <Text span size="sm" style={{ position: "absolute", left: -9999 }}>
                      Actions
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((account) => (
                  <Table.Tr
                    key={account._id}
                    // Issue 40: a row opens the account's ledger; the name is its link for the
                    // keyboard, the menu keeps Edit and the rest.
                    onClick={(event) => {
                      if ((event.target as HTMLElement).closest("a, button, [role=menu]")) return;
                      navigate(ledgerPath(account._id));
                    }}
                    style={{ cursor: "pointer" }}
                  >
                    <Table.Td>
                      <Anchor component={Link} to={ledgerPath(account._id)} fw={500} c="inherit">
                        {account.name}
                      </Anchor>
                      {account.displayName !== account.name && (
                        <Text size="xs" c="dimmed">
                          {account.displayName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{account.nature}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{account.gstin ?? ""}</Text>
                      <Text size="xs" c="dimmed">
                        {findStateByCode(account.state)?.name ?? ""}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {describeBalance(account.balance ?? 0, account.balanceType)}
                    </Table.Td>
                    <Table.Td>
                      <ActiveBadge active={account.active} />
                    </Table.Td>
                    <Table.Td>
                      <MasterRowMenu
                        name={account.name}
                        active={account.active}
                        onEdit={() => openEdit(account)}
                        onToggleActive={() => void actions.toggleActive(account)}
                        onDelete={() => actions.askDelete(account)}
                        locked={account.isSystem}
                      >
                        {isPartyNature(account.nature) && (
                          <>
                            <Menu.Item onClick={() => setDialog({ kind: "email", account })}>
                              Add Email Address
                            </Menu.Item>
                            <Menu.Item onClick={() => setDialog({ kind: "phone", account })}>
                              Add Phone Number
                            </Menu.Item>
                          </>
                        )}
                      </MasterRowMenu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3}>Total</Table.Th>
                  <Table.Th ta="right" ff="monospace">
                    {formatAmount(totals.debitPaise)} Dr / {formatAmount(totals.creditPaise)} Cr
                  </Table.Th>
                  <Table.Th colSpan={2} />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </MasterListContent>
      </Stack>
      <ConfirmDeleteDialog what="account" {...actions.confirmDelete} />
      <AddEmailDialog
        opened={dialog?.kind === "email"}
        organisationId={organisationId}
        accountId={dialog?.account._id ?? ""}
        accountName={dialog?.account.name ?? ""}
        onClose={() => setDialog(null)}
      />
      <AddPhoneDialog
        opened={dialog?.kind === "phone"}
        organisationId={organisationId}
        accountId={dialog?.account._id ?? ""}
        accountName={dialog?.account.name ?? ""}
        onClose={() => setDialog(null)}
      />
    </Container>
  );
}
