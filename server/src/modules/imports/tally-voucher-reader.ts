import { createHash } from "node:crypto";
import {
  readTallyDate,
  readTallyOpening,
  readTallyQuantity,
  readTallyRate,
  roundQuantityToMilli,
  tallyOwnLineRate,
} from "@bahi/domain";
import { first, type Node, text } from "./tally-node.ts";

// One Tally VOUCHER element as the lines the import plans from (tally-vouchers.service.ts). Pure,
// so that it runs in the parsing worker (issue 36): the main thread receives these few hundred
// bytes a voucher, not the 20–25 KB of XML a real voucher is.

/**
 * Every element name readTallyVoucher looks at inside a VOUCHER. The streaming reader builds only
 * these (tally-xml-stream.ts `keep`): a real voucher's audit lists, UDF fields, batch allocations
 * and empty lists are read past, not built.
 */
export const TALLY_VOUCHER_FIELDS: ReadonlySet<string> = new Set([
  "DATE",
  "VOUCHERTYPENAME",
  "VOUCHERNUMBER",
  "GUID",
  "PARTYLEDGERNAME",
  "NARRATION",
  "PLACEOFSUPPLY",
  "STATENAME",
  "ISCANCELLED",
  "ISOPTIONAL",
  "ALLLEDGERENTRIES.LIST",
  "LEDGERENTRIES.LIST",
  "ALLINVENTORYENTRIES.LIST",
  "INVENTORYENTRIES.LIST",
  "LEDGERNAME",
  "AMOUNT",
  "ISPARTYLEDGER",
  "INVENTORYALLOCATIONS.LIST",
  "BILLALLOCATIONS.LIST",
  "NAME",
  "BILLTYPE",
  "RATEOFINVOICETAX.LIST",
  "RATEOFINVOICETAX",
  "STOCKITEMNAME",
  "BILLEDQTY",
  "ACTUALQTY",
  "RATE",
  "RATEDETAILS.LIST",
  "GSTRATEDUTYHEAD",
  "GSTRATE",
  "ACCOUNTINGALLOCATIONS.LIST",
  "GSTOVRDNNATURE",
]);

const list = (value: unknown): Node[] =>
  value === undefined || value === null
    ? []
    : ((Array.isArray(value) ? value : [value]).filter(
        (node) => node && typeof node === "object",
      ) as Node[]);

const yes = (value: unknown) => text(value).toLowerCase() === "yes";

/** A ledger line of a Tally voucher: paise positive for debit, as Bahi keeps them. */
export interface TallyLedgerLine {
  ledger: string;
  paise: number;
  isParty: boolean;
  /** Its amount stands for item lines (an invoice's sales or purchase ledger). */
  carriesItems: boolean;
  bills: { name: string; kind: string; paise: number }[];
  /** A tax ledger line's RATEOFINVOICETAX, as written. */
  rateOfInvoiceTax: string;
  /** The rate the line gives itself (RATEDETAILS, or 0 when marked exempt), or null. */
  gstRate: number | null;
}

export interface TallyItemLine {
  item: string;
  /** The quantity in thousandths, read exactly and rounded half up to the gram. */
  quantityMilli: number;
  ratePaise: number;
  amountPaise: number;
  /** The combined GST rate its RATEDETAILS give, or null. */
  gstRate: number | null;
}

export interface TallyVoucher {
  key: string;
  typeName: string;
  date: string;
  number: string;
  party: string;
  narration: string;
  placeOfSupply: string;
  cancelled: boolean;
  optional: boolean;
  ledgers: TallyLedgerLine[];
  items: TallyItemLine[];
  /** Tally marks a line's nature as a supply from or to an SEZ unit (GSTOVRDNNATURE). */
  sez: boolean;
}

/**
 * A line's own GST rate. Tally writes RATEDETAILS (and GSTOVRDNNATURE) on the item line itself in
 * some exports and inside its ACCOUNTINGALLOCATIONS in others (ERP 9 and Prime's invoice view).
 */
function ownRate(node: Node): number | null {
  const holders = [node, ...list(node["ACCOUNTINGALLOCATIONS.LIST"])];
  const holder = holders.find((each) => list(each["RATEDETAILS.LIST"]).length > 0);
  const nature = holders.map((each) => text(each.GSTOVRDNNATURE)).find(Boolean) ?? "";
  return tallyOwnLineRate(
    list(holder?.["RATEDETAILS.LIST"]).map((detail) => ({
      head: text(detail.GSTRATEDUTYHEAD),
      rate: text(detail.GSTRATE),
    })),
    nature,
  );
}

function readItemLine(node: Node): TallyItemLine {
  const quantity = readTallyQuantity(text(node.BILLEDQTY) || text(node.ACTUALQTY));
  return {
    item: text(node.STOCKITEMNAME),
    quantityMilli: roundQuantityToMilli(quantity),
    ratePaise: readTallyRate(text(node.RATE)),
    amountPaise: Math.abs(readTallyOpening(text(node.AMOUNT))),
    gstRate: ownRate(node),
  };
}

function readBills(node: Node) {
  return list(node["BILLALLOCATIONS.LIST"])
    .map((bill) => ({
      name: text(bill.NAME),
      kind: text(bill.BILLTYPE).toLowerCase(),
      paise: readTallyOpening(text(bill.AMOUNT)),
    }))
    .filter((bill) => bill.name !== "" && bill.paise !== 0);
}

/** One VOUCHER node as lines: the accounting view's lists, else the invoice view's. */
export function readTallyVoucher(node: Node): TallyVoucher {
  const allLedgers = list(node["ALLLEDGERENTRIES.LIST"]);
  const ledgerNodes = allLedgers.length > 0 ? allLedgers : list(node["LEDGERENTRIES.LIST"]);
  const allItems = list(node["ALLINVENTORYENTRIES.LIST"]);
  const itemNodes = allItems.length > 0 ? allItems : list(node["INVENTORYENTRIES.LIST"]);
  const party = text(node.PARTYLEDGERNAME);
  const ledgers: TallyLedgerLine[] = [];
  const items: TallyItemLine[] = [];
  for (const entry of ledgerNodes) {
    const ledger = text(entry.LEDGERNAME);
    const inventory = list(entry["INVENTORYALLOCATIONS.LIST"]);
    for (const item of inventory) items.push(readItemLine(item));
    ledgers.push({
      ledger,
      paise: readTallyOpening(text(entry.AMOUNT)),
      isParty: yes(entry.ISPARTYLEDGER) || (party !== "" && ledger === party),
      carriesItems: inventory.length > 0,
      bills: readBills(entry),
      rateOfInvoiceTax: text(first(entry["RATEOFINVOICETAX.LIST"])?.RATEOFINVOICETAX),
      gstRate: inventory.length > 0 ? null : ownRate(entry),
    });
  }
  // The invoice view: each item line's ledger amount is in its ACCOUNTINGALLOCATIONS.
  for (const entry of itemNodes) {
    items.push(readItemLine(entry));
    for (const allocation of list(entry["ACCOUNTINGALLOCATIONS.LIST"])) {
      ledgers.push({
        ledger: text(allocation.LEDGERNAME),
        paise: readTallyOpening(text(allocation.AMOUNT)),
        isParty: false,
        carriesItems: true,
        bills: [],
        rateOfInvoiceTax: "",
        gstRate: null,
      });
    }
  }
  const lines = ledgers.filter((line) => line.ledger !== "" && line.paise !== 0);
  const natures = [...ledgerNodes, ...itemNodes]
    .flatMap((entry) => [entry, ...list(entry["ACCOUNTINGALLOCATIONS.LIST"])])
    .map((entry) => text(entry.GSTOVRDNNATURE));
  const typeName = text(node["@_VCHTYPE"]) || text(node.VOUCHERTYPENAME);
  const date = readTallyDate(text(node.DATE));
  const number = text(node.VOUCHERNUMBER);
  const guid = text(node.GUID);
  const key =
    guid ||
    createHash("sha256")
      .update(
        JSON.stringify([typeName, date, number, lines.map((line) => [line.ledger, line.paise])]),
      )
      .digest("hex");
  return {
    key: `tally:${key}`,
    typeName,
    date,
    number,
    party: party || (lines.find((line) => line.isParty)?.ledger ?? ""),
    narration: text(node.NARRATION),
    placeOfSupply: text(node.PLACEOFSUPPLY) || text(node.STATENAME),
    cancelled: yes(node.ISCANCELLED),
    optional: yes(node.ISOPTIONAL),
    ledgers: lines,
    items: items.filter((item) => item.item !== ""),
    sez: natures.some((nature) => /\bsez\b/i.test(nature)),
  };
}
