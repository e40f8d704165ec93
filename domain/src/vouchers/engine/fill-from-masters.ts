import { findPlaceOfSupply, OTHER_COUNTRIES_CODE } from "../../reference/index.ts";
import type { PartySide } from "../voucher-definition.ts";
import { getVoucherDefinition } from "../voucher-registry.ts";
import type { VoucherType } from "../voucher-type.ts";
import type { PartyGstFacts } from "./supplier-state.ts";

// Issue 35, decision 210: what the entry screen fills when a party or an item is chosen
// (web/src/features/entries/model/document-form.ts: applyPartyToDocument, applyItemToLine), the
// server fills at save for a payload that left it out, from the masters as they are then. A
// field counts as left out when its key is absent; one sent, even blank, is the client's.

/** The party's account as a document's header reads it. */
export interface PartyMaster extends PartyGstFacts {
  name: string;
  billingAddress?: string | null | undefined;
  shippingAddress?: string | null | undefined;
}

/** An item as a document's line reads it. */
export interface ItemMaster {
  type: "goods" | "services";
  hsnCode?: string | null | undefined;
  sacCode?: string | null | undefined;
  uom?: string | null | undefined;
}

export interface MastersForFill {
  /** The organisation's two-digit state code; null when unregistered. */
  organisationStateCode: string | null;
  /** The payload's `cashOrDebtorAccountId`; undefined when unknown (prepareVoucher refuses it). */
  party: PartyMaster | undefined;
  items: ReadonlyMap<string, ItemMaster>;
}

/**
 * The place of supply a party implies (gst-reference §7), as the entry screen proposes it. A sale
 * goes where the customer is: a registered party's GSTIN state, an overseas party's 96, else the
 * party's state, else the organisation's own state. Goods and services bought are received at the
 * organisation's own state. "" when nothing says.
 */
export function partyPlaceOfSupply(
  party: PartyGstFacts,
  organisationStateCode: string | null,
  side: PartySide,
): string {
  if (side === "supplier") return organisationStateCode ?? "";
  const gstinState = party.gstin && party.gstin.length >= 2 ? party.gstin.slice(0, 2) : "";
  if (gstinState && findPlaceOfSupply(gstinState)) return gstinState;
  if (party.gstType === "overseas") return OTHER_COUNTRIES_CODE;
  const state = party.stateCode ?? "";
  if (state && findPlaceOfSupply(state)) return state.padStart(2, "0");
  return organisationStateCode ?? "";
}

const given = (record: object, key: string) => Object.hasOwn(record, key);

/** A master's text, or undefined when it holds none. */
function masterText(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

/**
 * The payload of an item-line document with what it left out filled from the masters, as the
 * entry screen fills it:
 *
 * | Payload field        | From                                                             |
 * | -------------------- | ---------------------------------------------------------------- |
 * | partyName            | the party's name                                                 |
 * | billingAddress       | the party's billing address                                      |
 * | shippingAddress      | the party's shipping address                                     |
 * | gstin                | the party's GSTIN (a registered party: one with a GSTIN)         |
 * | pos                  | partyPlaceOfSupply (the customer's state; ours on purchases)     |
 * | line hsnCode/sacCode | the item's HSN (goods) or SAC (services), when the line has none |
 * | line uom             | the item's unit                                                  |
 *
 * Nothing that sets an amount is filled (rate, discount, GST and cess rates are the client's);
 * nor the line's description, which the screen leaves blank (outputs read the item's name). A
 * field whose master holds nothing stays out. Other families, an unknown party or item: the
 * payload as it came (prepareVoucher refuses the unknown). The payload is not changed.
 */
export function fillFromMasters(
  type: VoucherType,
  payload: Record<string, unknown>,
  masters: MastersForFill,
): Record<string, unknown> {
  const definition = getVoucherDefinition(type);
  if (definition.family !== "document") return payload;
  const filled: Record<string, unknown> = { ...payload };
  const fill = (record: Record<string, unknown>, key: string, value: string | undefined) => {
    if (value !== undefined && !given(record, key)) record[key] = value;
  };
  const { party } = masters;
  if (party) {
    fill(filled, "partyName", masterText(party.name));
    fill(filled, "billingAddress", masterText(party.billingAddress));
    fill(filled, "shippingAddress", masterText(party.shippingAddress));
    fill(filled, "gstin", masterText(party.gstin));
    fill(
      filled,
      "pos",
      masterText(
        partyPlaceOfSupply(
          party,
          masters.organisationStateCode,
          definition.partySide ?? "customer",
        ),
      ),
    );
  }
  if (Array.isArray(payload.itemDetails)) {
    filled.itemDetails = payload.itemDetails.map((line: unknown) => {
      if (!line || typeof line !== "object") return line;
      const source = line as Record<string, unknown>;
      const item = typeof source.itemId === "string" ? masters.items.get(source.itemId) : undefined;
      if (!item) return line;
      const out: Record<string, unknown> = { ...source };
      // The line's code is one field or the other: either one given is the client's choice.
      if (!given(source, "hsnCode") && !given(source, "sacCode")) {
        if (item.type === "services") fill(out, "sacCode", masterText(item.sacCode));
        else fill(out, "hsnCode", masterText(item.hsnCode));
      }
      fill(out, "uom", masterText(item.uom));
      return out;
    });
  }
  return filled;
}
