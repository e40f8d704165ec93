import { describeGstRate, formatAmount, rupeesToPaise } from "@bahi/domain";
import { Container, Stack, Table, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog.tsx";
import { openItemModal } from "../../components/inputs/master-modals.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { type ActiveFilter, activeParam, ListToolbar, matchesSearch } from "./ListToolbar.tsx";
import { MasterListContent } from "./MasterListContent.tsx";
import { ActiveBadge, MasterRowMenu, NameWithDescription } from "./MasterListRow.tsx";
import {
  deleteItem,
  type ItemRecord,
  itemsKey,
  MASTER_TOASTS,
  setItemActive,
  useItems,
} from "./masters.api.ts";
import { useMasterRowActions } from "./use-master-row-actions.ts";

const money = (rupees: number | null | undefined) =>
  rupees ? formatAmount(rupeesToPaise(rupees)) : "";

/** Stock in hand, in red below zero (decision 041). */
export function StockInHand({ item }: { item: ItemRecord }) {
  const quantity = item.stockQuantity ?? item.openingBalanceQuantity;
  const negative = quantity < 0;
  return (
    <>
      <Text size="sm" c={negative ? "red" : undefined} data-negative-stock={negative || undefined}>
        {quantity} {item.uom ?? ""}
      </Text>
      <Text size="xs" c={negative ? "red" : "dimmed"}>
        {money(item.stockValue ?? item.openingBalanceAmount)}
      </Text>
    </>
  );
}

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
  const items = useItems(organisationId, activeParam(active));
  const actions = useMasterRowActions<ItemRecord>({
    organisationId,
    setActive: setItemActive,
    remove: deleteItem,
    deletedToast: MASTER_TOASTS.itemDeleted,
    refresh: () => queryClient.invalidateQueries({ queryKey: itemsKey(organisationId) }),
  });

  const shown = (items.data ?? []).filter((item) =>
    matchesSearch([item.name, item.description, item.hsnCode, item.sacCode], search),
  );
  const openEdit = (item: ItemRecord) => openItemModal({ mode: "edit", itemId: item._id });

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
        <MasterListContent
          pending={items.isPending}
          empty={shown.length === 0}
          search={search}
          emptyText="No Items Present"
        >
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
                      <NameWithDescription name={item.name} description={item.description} />
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
                      {item.type === "goods" ? <StockInHand item={item} /> : ""}
                    </Table.Td>
                    <Table.Td>
                      <ActiveBadge active={item.active} />
                    </Table.Td>
                    <Table.Td>
                      <MasterRowMenu
                        name={item.name}
                        active={item.active}
                        onEdit={() => openEdit(item)}
                        onToggleActive={() => void actions.toggleActive(item)}
                        onDelete={() => actions.askDelete(item)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </MasterListContent>
      </Stack>
      <ConfirmDeleteDialog what="item" {...actions.confirmDelete} />
    </Container>
  );
}
