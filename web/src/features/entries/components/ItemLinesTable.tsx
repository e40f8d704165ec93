import { type ComputedLine, formatAmount, UQC_UNITS } from "@bahi/domain";
import { Button, NativeSelect, ScrollArea, Table, Text, TextInput } from "@mantine/core";
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

  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table
        aria-label="Item lines"
        verticalSpacing={4}
        horizontalSpacing={6}
        layout="fixed"
        style={{ minWidth: 1300 }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={32}>#</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th w={100}>HSN/SAC</Table.Th>
            <Table.Th w={90}>Qty</Table.Th>
            <Table.Th w={110}>Unit</Table.Th>
            <Table.Th w={130}>Rate</Table.Th>
            <Table.Th w={90}>Discount</Table.Th>
            <Table.Th w={70}>Disc.</Table.Th>
            <Table.Th w={130}>GST</Table.Th>
            <Table.Th w={110} ta="right">
              Taxable
            </Table.Th>
            <Table.Th w={100} ta="right">
              Tax
            </Table.Th>
            <Table.Th w={120} ta="right">
              Amount
            </Table.Th>
            <Table.Th w={32} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {form.itemLines.map((line, index) => {
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
            return (
              <Table.Tr key={line.key} data-item-line={index}>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {index + 1}
                  </Text>
                </Table.Td>
                <Table.Td {...stopProps(itemStop("item", index))}>
                  {readOnly ? (
                    <TextInput
                      aria-label={lineLabel("Item", index)}
                      value={line.itemName}
                      disabled
                    />
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
                  )}
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={lineLabel("HSN/SAC", index)}
                    value={line.hsnSac}
                    onChange={(event) => {
                      const hsnSac = event.currentTarget.value.replace(/\D/g, "").slice(0, 8);
                      lines.change(index, (current) => ({ ...current, hsnSac }));
                    }}
                    error={error("hsnCode") ?? error("sacCode")}
                    disabled={readOnly}
                  />
                </Table.Td>
                <Table.Td {...stopProps(itemStop("qty", index))}>
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
                      input: { textAlign: "right" },
                      description: { color: "var(--mantine-color-orange-8)" },
                    }}
                    description={shortfall}
                    error={error("quantity")}
                    disabled={readOnly}
                  />
                </Table.Td>
                <Table.Td>
                  <SelectInput
                    aria-label={lineLabel("Unit", index)}
                    data={UNIT_OPTIONS}
                    value={line.uom || null}
                    onChange={(uom) =>
                      lines.change(index, (current) => ({ ...current, uom: uom ?? "" }))
                    }
                    onKeyDown={onEnterPickTypedOption(UNIT_OPTIONS, line.uom || null, (uom) =>
                      lines.change(index, (current) => ({ ...current, uom })),
                    )}
                    error={error("uom")}
                    disabled={readOnly}
                    selectFirstOptionOnChange
                    openOnFocus={false}
                    allowDeselect={false}
                  />
                </Table.Td>
                <Table.Td {...stopProps(itemStop("rate", index))}>
                  <AmountInput
                    aria-label={lineLabel("Rate", index)}
                    value={line.ratePaise}
                    onChange={(ratePaise) =>
                      lines.change(index, (current) => ({ ...current, ratePaise }))
                    }
                    error={error("rate")}
                    disabled={readOnly}
                  />
                </Table.Td>
                <Table.Td {...stopProps(itemStop("discount", index))}>
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
                    styles={{ input: { textAlign: "right" } }}
                    error={error("discount")}
                    disabled={readOnly}
                  />
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={lineLabel("Discount type", index)}
                    data={[
                      { value: "percent", label: "%" },
                      { value: "amount", label: "₹" },
                    ]}
                    value={line.discountType}
                    onChange={(event) => {
                      const discountType =
                        event.currentTarget.value === "amount" ? "amount" : "percent";
                      lines.change(index, (current) => ({ ...current, discountType }));
                    }}
                    disabled={readOnly}
                  />
                </Table.Td>
                <Table.Td {...stopProps(itemStop("gst", index))}>
                  <LineGstRateSelect
                    aria-label={lineLabel("GST rate", index)}
                    value={line.gstRate}
                    date={form.date}
                    onChange={(gstRate) =>
                      lines.change(index, (current) => ({ ...current, gstRate }))
                    }
                    error={error("gstRate")}
                    disabled={readOnly}
                  />
                </Table.Td>
                <Table.Td ta="right" data-cell="taxable">
                  {money(result?.taxablePaise)}
                </Table.Td>
                <Table.Td ta="right" data-cell="tax">
                  {money(result?.taxPaise)}
                </Table.Td>
                <Table.Td ta="right" data-cell="total">
                  {money(result?.totalPaise)}
                </Table.Td>
                <Table.Td>
                  <RemoveLineButton
                    label={`Remove line ${index + 1}`}
                    readOnly={readOnly}
                    onRemove={() => lines.remove(index)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {!readOnly && (
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
      )}
    </ScrollArea>
  );
}
