import { describeGstRate, formatAmount, rupeesToPaise } from "@bahi/domain";
import {
  ActionIcon,
  Badge,
  Center,
  Container,
  Loader,
  Menu,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "../../app/notify.tsx";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog.tsx";
import { openItemModal } from "../../components/inputs/master-modals.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { type ActiveFilter, activeParam, ListToolbar, matchesSearch } from "./ListToolbar.tsx";
import {
  deleteItem,
  type ItemRecord,
  itemsKey,
  MASTER_TOASTS,
  setItemActive,
  useItems,
} from "./masters.api.ts";

const money = (rupees: number | null | undefined) =>
  rupees ? formatAmount(rupeesToPaise(rupees)) : "";

/**
 * /{org}/{year}/items/list (only when the organisation manages inventory): items with prices,
 * GST rate and stock in hand, searchable, active or inactive; add, edit, active/inactive and
 * delete through Confirm Delete.
 */
export function ItemsPage() {
  usePageTitle("Items");
  const { organisation } = useOrganisationScope();
  const organisationId = organisation._id;
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [active, setActive] = useState<ActiveFilter>("active");
  const [deleting, setDeleting] = useState<ItemRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const items = useItems(organisationId, activeParam(active));
  const refresh = () => queryClient.invalidateQueries({ queryKey: itemsKey(organisationId) });

  const shown = (items.data ?? []).filter((item) =>
    matchesSearch([item.name, item.description, item.hsnCode, item.sacCode], search),
  );
  const openEdit = (item: ItemRecord) => openItemModal({ mode: "edit", itemId: item._id });

  async function toggleActive(item: ItemRecord) {
    try {
      const answer = await setItemActive(organisationId, item._id, !item.active);
      notify({ type: "success", title: answer.message });
      await refresh();
    } catch {
      // The client showed the danger toast.
    }
  }

  async function confirmDelete(item: ItemRecord) {
    setBusy(true);
    try {
      await deleteItem(organisationId, item._id);
      notify({ type: "success", title: MASTER_TOASTS.itemDeleted });
      setDeleting(null);
      await refresh();
    } catch {
      // The client showed the danger toast with the server's reason.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size="xl">
      <Stack gap="md">
        <Title order={1} fz="h2">
          Items
        </Title>
        <ListToolbar
          search={search}
          onSearch={setSearch}
          searchPlaceholder="Search by name, description, HSN or SAC"
          active={active}
          onActive={setActive}
          onAdd={() => openItemModal({ mode: "add" })}
        />
        {items.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        ) : shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {search ? "No record found matching your search criteria" : "No Items Present"}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table highlightOnHover verticalSpacing="xs" aria-label="Items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>HSN/SAC</Table.Th>
                  <Table.Th>Unit</Table.Th>
                  <Table.Th>GST Rate</Table.Th>
                  <Table.Th ta="right">Selling Price</Table.Th>
                  <Table.Th ta="right">Purchase Price</Table.Th>
                  <Table.Th ta="right">Stock</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th w={48} aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((item) => (
                  <Table.Tr key={item._id} onDoubleClick={() => openEdit(item)}>
                    <Table.Td>
                      <Text fw={500}>{item.name}</Text>
                      {item.description && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {item.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{item.type === "goods" ? "Goods" : "Services"}</Table.Td>
                    <Table.Td>{item.hsnCode ?? item.sacCode ?? ""}</Table.Td>
                    <Table.Td>{item.uom ?? ""}</Table.Td>
                    <Table.Td>
                      {item.gstRate === null || item.gstRate === -2
                        ? ""
                        : describeGstRate(item.gstRate)}
                    </Table.Td>
                    <Table.Td ta="right">{money(item.standardSellingPrice)}</Table.Td>
                    <Table.Td ta="right">{money(item.standardPurchasePrice)}</Table.Td>
                    <Table.Td ta="right">
                      {item.type === "goods" ? (
                        <>
                          <Text size="sm">
                            {item.stockQuantity ?? item.openingBalanceQuantity} {item.uom ?? ""}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {money(item.stockValue ?? item.openingBalanceAmount)}
                          </Text>
                        </>
                      ) : (
                        ""
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={item.active ? "green" : "gray"} variant="light">
                        {item.active ? "Active" : "Inactive"}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Actions for ${item.name}`}
                          >
                            ⋮
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => openEdit(item)}>Edit</Menu.Item>
                          <Menu.Item onClick={() => void toggleActive(item)}>
                            {item.active ? "Make Inactive" : "Make Active"}
                          </Menu.Item>
                          <Menu.Divider />
                          <Menu.Item color="red" onClick={() => setDeleting(item)}>
                            Delete
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDeleteDialog
        opened={deleting !== null}
        what="item"
        name={deleting?.name ?? ""}
        deleting={busy}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Container>
  );
}
