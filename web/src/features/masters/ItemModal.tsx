import { ITEM_NAME_MAX, type ItemType, UQC_UNITS } from "@bahi/domain";
import { Checkbox, Grid, Modal, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "../../app/notify.tsx";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { AmountInput } from "../../components/inputs/AmountInput.tsx";
import { GstRateSelect } from "../../components/inputs/GstRateSelect.tsx";
import type { ItemModalRequest } from "../../components/inputs/master-modals.ts";
import { SelectInput } from "../../components/inputs/SelectInput.tsx";
import { TextAreaField } from "../../components/inputs/TextAreaField.tsx";
import { TextField } from "../../components/inputs/TextField.tsx";
import {
  changeItemType,
  DISCOUNT_MAX_HUNDREDTHS,
  emptyItemForm,
  formFromItem,
  HSN_MAX,
  type ItemFormValues,
  SAC_MAX,
  toItemPayload,
  typeCode,
  typeQuantity,
  validateItemForm,
} from "./item-form.ts";
import { MasterModalForm, MasterNameField } from "./MasterModalForm.tsx";
import { MasterRecordLoader } from "./MasterRecordLoader.tsx";
import { addItem, editItem, fetchItem, itemsKey, MASTER_TOASTS } from "./masters.api.ts";
import { useMasterForm } from "./use-master-form.ts";

const UNIT_OPTIONS = UQC_UNITS.map((unit) => ({ value: unit.code, label: unit.label }));
const TYPE_OPTIONS = [
  { value: "goods", label: "Goods" },
  { value: "services", label: "Services" },
];

/**
 * spec 2.8 Add/Edit Item and spec 4 "Item modal": Save & Close and Save & Copy (the form stays
 * filled for the next, similar item) in add mode, Update in edit mode. The name is checked on
 * leaving it with the account check (spec 5 "Item"); Enter saves, Esc closes.
 */
export function ItemModal({
  request,
  onClose,
}: {
  request: ItemModalRequest;
  onClose: () => void;
}) {
  const { organisation } = useOrganisationScope();
  const editing = request.mode === "edit" ? request.itemId : null;
  const title = editing ? "Edit Item" : "Add Item";
  return (
    <Modal opened onClose={onClose} title={title} size="xl" closeOnClickOutside={false}>
      {editing ? (
        <MasterRecordLoader
          queryKey={["item", organisation._id, editing]}
          load={() => fetchItem(organisation._id, editing)}
        >
          {(item) => (
            <ItemForm
              request={request}
              initial={formFromItem(item)}
              itemId={editing}
              version={item.version}
              onClose={onClose}
            />
          )}
        </MasterRecordLoader>
      ) : (
        <ItemForm
          request={request}
          initial={{ ...emptyItemForm(), name: request.mode === "add" ? (request.name ?? "") : "" }}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ItemForm({
  request,
  initial,
  itemId,
  version,
  onClose,
}: {
  request: ItemModalRequest;
  initial: ItemFormValues;
  itemId?: string;
  version?: number;
  onClose: () => void;
}) {
  const { organisation } = useOrganisationScope();
  const organisationId = organisation._id;
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const form = useMasterForm({
    organisationId,
    recordId: itemId,
    values,
    setValues,
    validate: (next: ItemFormValues) =>
      validateItemForm(next, { gstRegistered: organisation.gstRegistered }),
    persist: async (after) => {
      const payload = toItemPayload(values, organisationId);
      const answer = itemId
        ? await editItem({ ...payload, itemId, ...(version ? { version } : {}) })
        : await addItem(payload);
      if (itemId) notify({ type: "success", title: MASTER_TOASTS.itemEdited });
      else if (after === "more")
        notify({
          type: "success",
          title: MASTER_TOASTS.itemAddedAndCopied,
          message: MASTER_TOASTS.itemAdded.message,
        });
      else notify({ type: "success", ...MASTER_TOASTS.itemAdded });
      void queryClient.invalidateQueries({ queryKey: itemsKey(organisationId) });
      void queryClient.invalidateQueries({ queryKey: ["item", organisationId] });
      request.onSaved?.({ _id: answer.item._id, name: answer.item.name });
    },
    // spec 4: Save & Copy keeps the form; the name must change before the next save.
    onSavedForMore: (nameInput) => {
      nameInput?.focus();
      nameInput?.select();
    },
    onClose,
  });
  const { errors, update, field } = form;
  const goods = values.type === "goods";

  const half = { base: 24, sm: 12 };
  const third = { base: 24, sm: 8 };

  return (
    <MasterModalForm
      form={form}
      organisationId={organisationId}
      customFieldsFor="item"
      editing={Boolean(itemId)}
      moreLabel="Save & Copy"
    >
      <Grid columns={24} gap="sm">
        <Grid.Col span={half}>
          <MasterNameField form={form} label="Item Name" maxChars={ITEM_NAME_MAX} />
        </Grid.Col>
        <Grid.Col span={half}>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="item-type-label">
              Item Type
            </Text>
            <SegmentedControl
              aria-labelledby="item-type-label"
              data={TYPE_OPTIONS}
              value={values.type}
              onChange={(type) =>
                update((current) => changeItemType(current, type as ItemType), ["type"])
              }
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={third}>
          {goods ? (
            <TextField
              label="HSN Code"
              inputMode="numeric"
              maxChars={HSN_MAX}
              value={values.hsnCode}
              onChange={(code) =>
                update((current) => ({ ...current, hsnCode: typeCode(code, HSN_MAX) }), ["hsnCode"])
              }
              error={errors.hsnCode}
            />
          ) : (
            <TextField
              label="SAC Code"
              inputMode="numeric"
              maxChars={SAC_MAX}
              value={values.sacCode}
              onChange={(code) =>
                update((current) => ({ ...current, sacCode: typeCode(code, SAC_MAX) }), ["sacCode"])
              }
              error={errors.sacCode}
            />
          )}
        </Grid.Col>
        <Grid.Col span={third}>
          <GstRateSelect {...field("gstRate")} clearable />
        </Grid.Col>
        <Grid.Col span={third}>
          <SelectInput
            label="Unit"
            placeholder="Select unit"
            data={UNIT_OPTIONS}
            value={values.uom || null}
            onChange={(uom) => update((current) => ({ ...current, uom: uom ?? "" }), ["uom"])}
            error={errors.uom}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={24}>
          <Checkbox
            label="ITC not eligible (section 17(5))"
            description="Input tax on purchases of this item is blocked credit: GSTR-3B reverses it in 4B(1)."
            checked={values.itcNotEligible}
            onChange={(event) => {
              const itcNotEligible = event.currentTarget.checked;
              update((current) => ({ ...current, itcNotEligible }), []);
            }}
          />
        </Grid.Col>
        <Grid.Col span={half}>
          <AmountInput
            label="Selling Price"
            {...field("sellingPricePaise", "standardSellingPrice")}
          />
        </Grid.Col>
        <Grid.Col span={half}>
          <AmountInput
            label="Sale Discount (%)"
            max={DISCOUNT_MAX_HUNDREDTHS}
            {...field("saleDiscount", "standardSaleDiscount")}
          />
        </Grid.Col>
        <Grid.Col span={half}>
          <AmountInput
            label="Purchase Price"
            {...field("purchasePricePaise", "standardPurchasePrice")}
          />
        </Grid.Col>
        <Grid.Col span={half}>
          <AmountInput
            label="Purchase Discount (%)"
            max={DISCOUNT_MAX_HUNDREDTHS}
            {...field("purchaseDiscount", "standardPurchaseDiscount")}
          />
        </Grid.Col>
        {goods && (
          <>
            <Grid.Col span={half}>
              <TextInput
                label="Opening Quantity"
                inputMode="decimal"
                autoComplete="off"
                value={values.openingQuantity}
                onChange={(event) => {
                  const typed = event.currentTarget.value;
                  update(
                    (current) => ({
                      ...current,
                      openingQuantity: typeQuantity(typed, current.openingQuantity),
                    }),
                    ["openingBalanceQuantity"],
                  );
                }}
                error={errors.openingBalanceQuantity}
              />
            </Grid.Col>
            <Grid.Col span={half}>
              <AmountInput
                label="Opening Stock Value"
                value={values.openingAmountPaise}
                onChange={(openingAmountPaise) =>
                  update(
                    (current) => ({ ...current, openingAmountPaise }),
                    ["openingBalanceAmount"],
                  )
                }
                error={errors.openingBalanceAmount}
              />
            </Grid.Col>
          </>
        )}
        <Grid.Col span={24}>
          <TextAreaField label="Description" maxChars={500} {...field("description")} />
        </Grid.Col>
      </Grid>
    </MasterModalForm>
  );
}
