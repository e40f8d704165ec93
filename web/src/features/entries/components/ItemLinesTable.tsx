import { type ComputedLine, formatAmount, UQC_UNITS } from "@bahi/domain";
import {
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { AmountInput } from "../../../components/inputs/AmountInput.tsx";
import { SelectInput } from "../../../components/inputs/SelectInput.tsx";
import { onEnterPickTypedOption } from "../../../components/inputs/typed-option.ts";
import { useItems } from "../../masters/masters.api.ts";
import { stopProps } from "../keyboard/focus-stop.ts";
import {
  applyItemToLine,
  type DocumentForm,
  describeDocumentFields,
  emptyItemLine,
} from "../model/document-form.ts";
import { describeStockShortfall } from "../model/stock-warning.ts";
import { ItemPicker } from "./ItemPicker.tsx";
import { LineGstRateSelect } from "./LineGstRateSelect.tsx";
import { RemoveLineButton } from "./RemoveLineButton.tsx";
import { lineLabel, linesEditor, type SectionProps } from "./section-props.ts";

/** Narrower than this (a phone), lines are cards. */
export const CARDS_QUERY = "(max-width: 48em)";
// Issue 40: at 1366 px the content beside the sidebar is about 1,084 px; the table fits it, and
// what the narrower fixed columns give up goes to the item's name.
const TABLE_MIN_WIDTH = 1060;
const MONEY_CELL = {
  whiteSpace: "nowrap",
  fontVariantNumeric: "tabular-nums",
  fontSize: 13,
} as const;

const UNIT_OPTIONS = UQC_UNITS.map((unit) => ({ value: unit.code, label: unit.code }));

/** The Enter stops of an item line, in order: what a trained hand types (line-navigation). */
export const ITEM_LINE_STOPS = ["item", "qty", "rate", "discount", "gst"] as const;

export function itemStop(column: (typeof ITEM_LINE_STOPS)[number], row: number): string {
  return `${column}:${row}`;
}

function money(paise: number | undefined): string {
  return paise === undefined ? "" : formatAmount(paise);
}

/**
 * The item lines of a document: item (which fills unit, HSN/SAC, rate, discount and GST rate),
 * quantity, unit, rate, discount, GST rate; taxable value, tax and total per line from the live
 * computation. Enter walks item → quantity → rate → discount → GST and on into the next line.
 */
export function ItemLinesTable({
  form,
  update,
  errors,
  context,
  readOnly,
  results,
  checkStock = false,
}: SectionProps<DocumentForm> & {
  results: readonly (ComputedLine | undefined)[];
  /** Warn when a line takes an item below zero (new entries only, decision 041). */
  checkStock?: boolean;
}) {
  const side = describeDocumentFields(context.type).partySide;
  const items = useItems(context.organisationId, true);
  const inHand = new Map(
    (items.data ?? []).flatMap((item) =>
      item.stockQuantity === undefined ? [] : [[item._id, item.stockQuantity] as const],
    ),
  );

  const lines = linesEditor(update, "itemLines", emptyItemLine);
  // spec 2.5's breakpoint for cards: a phone shows each line as a card, not a sideways table.
  const cards = useMediaQuery(CARDS_QUERY) ?? false;

  /** One line's fields, drawn as a table row on wide screens or a card on narrow ones. */
  const lineFields = (line: DocumentForm["itemLines"][number], index: number) => {
    const result = results[index];
    const error = (field: string) => errors[`itemLines.${index}.${field}`];
    const shortfall =
      checkStock && !readOnly && line.itemId
        ? describeStockShortfall({
            type: context.type,
            manageInventory: context.organisation.manageInventory,
            itemType: line.itemType,
            quantityText: line.quantity,
            inHand: inHand.get(line.itemId),
            uom: line.uom,
          })
        : undefined;
    return {
      item: readOnly ? (
        <TextInput aria-label={lineLabel("Item", index)} value={line.itemName} disabled />
      ) : (
        <ItemPicker
          organisationId={context.organisationId}
          aria-label={lineLabel("Item", index)}
          value={line.itemId}
          valueName={line.itemName}
          error={error("itemId")}
          onChange={(item) =>
            lines.change(index, (current) => {
              // Enter on the chosen item again keeps what was typed on the line.
              if (item && item._id === current.itemId) return current;
              return item
                ? applyItemToLine(current, item, side)
                : { ...emptyItemLine(), key: current.key };
            })
          }
        />
      ),
      hsnSac: (
        <TextInput
          aria-label={lineLabel("HSN/SAC", index)}
          value={line.hsnSac}
          onChange={(event) => {
            const hsnSac = event.currentTarget.value.replace(/\D/g, "").slice(0, 8);
            lines.change(index, (current) => ({ ...current, hsnSac }));
          }}
          styles={{ input: { paddingInline: 6 } }}
          error={error("hsnCode") ?? error("sacCode")}
          disabled={readOnly}
        />
      ),
      quantity: (
        <TextInput
          aria-label={lineLabel("Quantity", index)}
          inputMode="decimal"
          autoComplete="off"
          value={line.quantity}
          onChange={(event) => {
            const quantity = event.currentTarget.value.replace(/[^\d.]/g, "");
            lines.change(index, (current) => ({ ...current, quantity }));
          }}
          styles={{
            input: { textAlign: "right", paddingInline: 6 },
            description: { color: "var(--mantine-color-orange-8)" },
          }}
          description={shortfall}
          error={error("quantity")}
          disabled={readOnly}
        />
      ),
      unit: (
        <SelectInput
          aria-label={lineLabel("Unit", index)}
          data={UNIT_OPTIONS}
          value={line.uom || null}
          onChange={(uom) => lines.change(index, (current) => ({ ...current, uom: uom ?? "" }))}
          onKeyDown={onEnterPickTypedOption(UNIT_OPTIONS, line.uom || null, (uom) =>
            lines.change(index, (current) => ({ ...current, uom })),
          )}
          error={error("uom")}
          disabled={readOnly}
          selectFirstOptionOnChange
          openOnFocus={false}
          allowDeselect={false}
        />
      ),
      rate: (
        <AmountInput
          aria-label={lineLabel("Rate", index)}
          value={line.ratePaise}
          onChange={(ratePaise) => lines.change(index, (current) => ({ ...current, ratePaise }))}
          styles={{
            input: { textAlign: "right", fontVariantNumeric: "tabular-nums", paddingInline: 6 },
          }}
          error={error("rate")}
          disabled={readOnly}
        />
      ),
      discount: (
        <TextInput
          aria-label={lineLabel("Discount", index)}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={line.discount}
          onChange={(event) => {
            const discount = event.currentTarget.value.replace(/[^\d.]/g, "");
            lines.change(index, (current) => ({ ...current, discount }));
          }}
          styles={{ input: { textAlign: "right", paddingInline: 6 } }}
          error={error("discount")}
          disabled={readOnly}
        />
      ),
      discountType: (
        <NativeSelect
          aria-label={lineLabel("Discount type", index)}
          data={[
            { value: "percent", label: "%" },
            { value: "amount", label: "₹" },
          ]}
          value={line.discountType}
          onChange={(event) => {
            const discountType = event.currentTarget.value === "amount" ? "amount" : "percent";
            lines.change(index, (current) => ({ ...current, discountType }));
          }}
          disabled={readOnly}
        />
      ),
      gst: (
        <LineGstRateSelect
          aria-label={lineLabel("GST rate", index)}
          value={line.gstRate}
          date={form.date}
          onChange={(gstRate) => lines.change(index, (current) => ({ ...current, gstRate }))}
          error={error("gstRate")}
          disabled={readOnly}
        />
      ),
      taxable: money(result?.taxablePaise),
      tax: money(result?.taxPaise),
      total: money(result?.totalPaise),
      remove: (
        <RemoveLineButton
          label={`Remove line ${index + 1}`}
          readOnly={readOnly}
          onRemove={() => lines.remove(index)}
        />
      ),
    };
  };

  const addLine = !readOnly && (
    <Button
      variant="subtle"
      size="xs"
      mt={4}
      onClick={() =>
        update((current) => ({
          ...current,
          itemLines: [...current.itemLines, emptyItemLine()],
        }))
      }
    >
      + Add line
    </Button>
  );

  if (cards) {
    return (
      <Stack gap="sm" aria-label="Item lines" role="list">
        {form.itemLines.map((line, index) => {
          const fields = lineFields(line, index);
          return (
            <Paper
              key={line.key}
              withBorder
              p="sm"
              role="listitem"
              data-item-line={index}
              aria-label={`Line ${index + 1}`}
            >
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    Line {index + 1}
                  </Text>
                  {fields.remove}
                </Group>
                <CardField label="Item" stop={itemStop("item", index)}>
                  {fields.item}
                </CardField>
                <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                  <CardField label="HSN/SAC">{fields.hsnSac}</CardField>
                  <CardField label="Qty" stop={itemStop("qty", index)}>
                    {fields.quantity}
                  </CardField>
                  <CardField label="Unit">{fields.unit}</CardField>
                  <CardField label="Rate" stop={itemStop("rate", index)}>
                    {fields.rate}
                  </CardField>
                  <CardField label="Discount" stop={itemStop("discount", index)}>
                    <Group gap={4} wrap="nowrap">
                      <Box style={{ flex: 1, minWidth: 0 }}>{fields.discount}</Box>
                      <Box w={56}>{fields.discountType}</Box>
                    </Group>
                  </CardField>
                  <CardField label="GST" stop={itemStop("gst", index)}>
                    {fields.gst}
                  </CardField>
                </SimpleGrid>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed" data-cell="taxable">
                    Taxable {fields.taxable || "0.00"}
                  </Text>
                  <Text size="xs" c="dimmed" data-cell="tax">
                    Tax {fields.tax || "0.00"}
                  </Text>
                  <Text size="sm" fw={600} data-cell="total">
                    {fields.total || "0.00"}
                  </Text>
                </Group>
              </Stack>
            </Paper>
          );
        })}
        {addLine}
      </Stack>
    );
  }

  // Widths fit the whole line (HSN in full, amounts up to crores, the remove button) in the
  // content area of a 1440 px wide window beside the sidebar; narrower than the table's minimum
  // it scrolls inside itself, never the page; a phone gets cards (issue 25).
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table
        aria-label="Item lines"
        verticalSpacing={4}
        horizontalSpacing={4}
        layout="fixed"
        style={{ minWidth: TABLE_MIN_WIDTH }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={24}>#</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th w={96}>HSN/SAC</Table.Th>
            <Table.Th w={72}>Qty</Table.Th>
            <Table.Th w={80}>Unit</Table.Th>
            <Table.Th w={116}>Rate</Table.Th>
            <Table.Th w={68}>Disc.</Table.Th>
            <Table.Th w={48}>₹/%</Table.Th>
            <Table.Th w={76}>GST</Table.Th>
            <Table.Th w={112} ta="right">
              Taxable
            </Table.Th>
            <Table.Th w={96} ta="right">
              Tax
            </Table.Th>
            <Table.Th w={116} ta="right">
              Amount
            </Table.Th>
            <Table.Th w={28} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {form.itemLines.map((line, index) => {
            const fields = lineFields(line, index);
            return (
              <Table.Tr key={line.key} data-item-line={index}>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {index + 1}
                  </Text>
                </Table.Td>
                <Table.Td {...stopProps(itemStop("item", index))}>{fields.item}</Table.Td>
                <Table.Td>{fields.hsnSac}</Table.Td>
                <Table.Td {...stopProps(itemStop("qty", index))}>{fields.quantity}</Table.Td>
                <Table.Td>{fields.unit}</Table.Td>
                <Table.Td {...stopProps(itemStop("rate", index))}>{fields.rate}</Table.Td>
                <Table.Td {...stopProps(itemStop("discount", index))}>{fields.discount}</Table.Td>
                <Table.Td>{fields.discountType}</Table.Td>
                <Table.Td {...stopProps(itemStop("gst", index))}>{fields.gst}</Table.Td>
                <Table.Td ta="right" data-cell="taxable" style={MONEY_CELL}>
                  {fields.taxable}
                </Table.Td>
                <Table.Td ta="right" data-cell="tax" style={MONEY_CELL}>
                  {fields.tax}
                </Table.Td>
                <Table.Td ta="right" data-cell="total" style={MONEY_CELL}>
                  {fields.total}
                </Table.Td>
                <Table.Td>{fields.remove}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {addLine}
    </ScrollArea>
  );
}

/** A card's field with its visible label; the stop keeps Enter's path as on the table. */
function CardField({
  label,
  stop,
  children,
}: {
  label: string;
  stop?: string;
  children: ReactNode;
}) {
  return (
    <Box {...(stop ? stopProps(stop) : {})}>
      <Text size="xs" c="dimmed" component="div">
        {label}
      </Text>
      {children}
    </Box>
  );
}
