import { once } from "node:events";
import { createWriteStream } from "node:fs";

// A Tally Prime day book of real shape (issue 36), written to a file a voucher at a time: sales
// invoices of six item lines, each with its batch allocation, accounting allocation and four
// RATEDETAILS, the party's bill allocation, CGST and SGST at 9 %, and the empty lists, audit ids
// and UDF fields a real export carries — some 23 KB of XML a voucher, 46 KB in UTF-16. The
// masters (customers in Maharashtra, the stock items) come first in the same file.

export const DAY_BOOK_CUSTOMERS = 50;
export const DAY_BOOK_ITEMS = 6;

const EMPTY_LISTS = [
  "OLDAUDITENTRYIDS.LIST",
  "ACCOUNTAUDITENTRIES.LIST",
  "AUDITENTRIES.LIST",
  "INVOICEDELNOTES.LIST",
  "INVOICEORDERLIST.LIST",
  "INVOICEINDENTLIST.LIST",
  "ATTENDANCEENTRIES.LIST",
  "ORIGINVOICEDETAILS.LIST",
  "INVOICEEXPORTLIST.LIST",
  "GSTEWAYCONSIGNORADDRESS.LIST",
  "GSTEWAYCONSIGNEEADDRESS.LIST",
  "TEMPGSTRATEDETAILS.LIST",
  "TEMPGSTADVADJUSTED.LIST",
];
const LINE_EMPTY_LISTS = [
  "SERVICETAXDETAILS.LIST",
  "BANKALLOCATIONS.LIST",
  "INTERESTCOLLECTION.LIST",
  "OLDAUDITENTRIES.LIST",
  "ACCOUNTAUDITENTRIES.LIST",
  "AUDITENTRIES.LIST",
  "INPUTCRALLOCS.LIST",
  "DUTYHEADDETAILS.LIST",
  "EXCISEDUTYHEADDETAILS.LIST",
  "SUMMARYALLOCS.LIST",
  "CENVATDUTYALLOCATIONS.LIST",
  "STPYMTDETAILS.LIST",
  "EXCISEPAYMENTALLOCATIONS.LIST",
  "TAXBILLALLOCATIONS.LIST",
  "TAXOBJECTALLOCATIONS.LIST",
  "TDSEXPENSEALLOCATIONS.LIST",
  "VATSTATUTORYDETAILS.LIST",
  "COSTTRACKALLOCATIONS.LIST",
  "REFVOUCHERDETAILS.LIST",
  "INVOICEWISEDETAILS.LIST",
  "VATITCDETAILS.LIST",
  "ADVANCETAXDETAILS.LIST",
  "TAXTYPEALLOCATIONS.LIST",
];
const empties = (tags: readonly string[]) =>
  tags.map((tag) => `<${tag}>      </${tag}>`).join("\n");
const udf = (index: number) =>
  `<UDF:VCHGSTSTATUSISINCLUDED.LIST DESC="\`VchGSTStatusIsIncluded\`" ISLIST="YES" TYPE="Logical" INDEX="${index}"><UDF:VCHGSTSTATUSISINCLUDED DESC="\`VchGSTStatusIsIncluded\`">Yes</UDF:VCHGSTSTATUSISINCLUDED></UDF:VCHGSTSTATUSISINCLUDED.LIST>`;

export const customerName = (index: number) => `Bench Customer ${index}`;
export const itemName = (index: number) => `Bench Item ${index}`;

const rupees = (paise: number) => (paise / 100).toFixed(2);

function masters(): string {
  const ledgers = Array.from(
    { length: DAY_BOOK_CUSTOMERS },
    (_, index) =>
      `<TALLYMESSAGE xmlns:UDF="TallyUDF"><LEDGER NAME="${customerName(index)}" RESERVEDNAME=""><PARENT>&#4; Sundry Debtors</PARENT><ISBILLWISEON>Yes</ISBILLWISEON><LEDMAILINGDETAILS.LIST><APPLICABLEFROM>20250401</APPLICABLEFROM><STATE>Maharashtra</STATE><COUNTRY>India</COUNTRY></LEDMAILINGDETAILS.LIST><LEDGSTREGDETAILS.LIST><GSTREGISTRATIONTYPE>Unregistered/Consumer</GSTREGISTRATIONTYPE></LEDGSTREGDETAILS.LIST></LEDGER></TALLYMESSAGE>`,
  );
  const items = Array.from(
    { length: DAY_BOOK_ITEMS },
    (_, index) =>
      `<TALLYMESSAGE xmlns:UDF="TallyUDF"><STOCKITEM NAME="${itemName(index)}" RESERVEDNAME=""><PARENT/><BASEUNITS>Nos</BASEUNITS><HSNDETAILS.LIST><HSNCODE>7214</HSNCODE></HSNDETAILS.LIST><GSTDETAILS.LIST><APPLICABLEFROM>20170701</APPLICABLEFROM><CALCULATIONTYPE>On Value</CALCULATIONTYPE><TAXABILITY>Taxable</TAXABILITY><STATEWISEDETAILS.LIST><STATENAME>&#4; Any</STATENAME><RATEDETAILS.LIST><GSTRATEDUTYHEAD>CGST</GSTRATEDUTYHEAD><GSTRATEVALUATIONTYPE>Based on Value</GSTRATEVALUATIONTYPE><GSTRATE> 9</GSTRATE></RATEDETAILS.LIST><RATEDETAILS.LIST><GSTRATEDUTYHEAD>SGST/UTGST</GSTRATEDUTYHEAD><GSTRATEVALUATIONTYPE>Based on Value</GSTRATEVALUATIONTYPE><GSTRATE> 9</GSTRATE></RATEDETAILS.LIST><RATEDETAILS.LIST><GSTRATEDUTYHEAD>IGST</GSTRATEDUTYHEAD><GSTRATEVALUATIONTYPE>Based on Value</GSTRATEVALUATIONTYPE><GSTRATE> 18</GSTRATE></RATEDETAILS.LIST></STATEWISEDETAILS.LIST></GSTDETAILS.LIST></STOCKITEM></TALLYMESSAGE>`,
  );
  return [...ledgers, ...items].join("\n");
}

/** One sales invoice of six items at 18 %; index gives its number, date and customer. */
export function realShapeVoucher(index: number, count: number): string {
  const day = Math.floor((index / Math.max(count, 1)) * 360);
  const date = new Date(Date.UTC(2025, 3, 1 + day)).toISOString().slice(0, 10).replaceAll("-", "");
  const customer = customerName(index % DAY_BOOK_CUSTOMERS);
  const number = `BS-${index + 1}`;
  let taxable = 0;
  const lines: string[] = [];
  for (let line = 0; line < DAY_BOOK_ITEMS; line += 1) {
    const qty = 1 + ((index + line) % 7);
    const rate = (100 + ((index * 7 + line * 13) % 900)) * 100;
    const amount = qty * rate;
    taxable += amount;
    const rateDetails = ["CGST", "SGST/UTGST", "IGST", "Cess"]
      .map(
        (head) =>
          `<RATEDETAILS.LIST><GSTRATEDUTYHEAD>${head}</GSTRATEDUTYHEAD><GSTRATEVALUATIONTYPE>Based on Value</GSTRATEVALUATIONTYPE><GSTRATE> ${head === "IGST" ? "18" : head.includes("Cess") ? "0" : "9"}</GSTRATE></RATEDETAILS.LIST>`,
      )
      .join("\n");
    lines.push(`<ALLINVENTORYENTRIES.LIST>
<STOCKITEMNAME>${itemName(line)}</STOCKITEMNAME>
<GSTOVRDNISREVCHARGEAPPL>&#4; Not Applicable</GSTOVRDNISREVCHARGEAPPL>
<GSTOVRDNTAXABILITY>Taxable</GSTOVRDNTAXABILITY>
<GSTSOURCETYPE>Stock Item</GSTSOURCETYPE>
<HSNSOURCETYPE>Stock Item</HSNSOURCETYPE>
<GSTOVRDNTYPEOFSUPPLY>Goods</GSTOVRDNTYPEOFSUPPLY>
<GSTRATEINFERAPPLICABILITY>As per Masters/Company</GSTRATEINFERAPPLICABILITY>
<GSTHSNNAME>7214</GSTHSNNAME>
<GSTHSNINFERAPPLICABILITY>As per Masters/Company</GSTHSNINFERAPPLICABILITY>
<ISDEEMEDPOSITIVE>No</ISDEEMEDPOSITIVE>
<ISAUTONEGATE>No</ISAUTONEGATE>
<RATE>${rupees(rate)}/Nos</RATE>
<AMOUNT>${rupees(amount)}</AMOUNT>
<ACTUALQTY> ${qty} Nos</ACTUALQTY>
<BILLEDQTY> ${qty} Nos</BILLEDQTY>
<BATCHALLOCATIONS.LIST>
<GODOWNNAME>Main Location</GODOWNNAME>
<BATCHNAME>Primary Batch</BATCHNAME>
<DESTINATIONGODOWNNAME>Main Location</DESTINATIONGODOWNNAME>
<ORDERNO>&#4; Not Applicable</ORDERNO>
<AMOUNT>${rupees(amount)}</AMOUNT>
<ACTUALQTY> ${qty} Nos</ACTUALQTY>
<BILLEDQTY> ${qty} Nos</BILLEDQTY>
<ADDITIONALDETAILS.LIST>        </ADDITIONALDETAILS.LIST>
<VOUCHERCOMPONENTLIST.LIST>        </VOUCHERCOMPONENTLIST.LIST>
</BATCHALLOCATIONS.LIST>
<ACCOUNTINGALLOCATIONS.LIST>
<OLDAUDITENTRYIDS.LIST TYPE="Number"><OLDAUDITENTRYIDS>-1</OLDAUDITENTRYIDS></OLDAUDITENTRYIDS.LIST>
<LEDGERNAME>Sales GST 18%</LEDGERNAME>
<GSTCLASS>&#4; Not Applicable</GSTCLASS>
<ISDEEMEDPOSITIVE>No</ISDEEMEDPOSITIVE>
<LEDGERFROMITEM>No</LEDGERFROMITEM>
<REMOVEZEROENTRIES>No</REMOVEZEROENTRIES>
<ISPARTYLEDGER>No</ISPARTYLEDGER>
<GSTOVERRIDDEN>No</GSTOVERRIDDEN>
<ISGSTASSESSABLEVALUEOVERRIDDEN>No</ISGSTASSESSABLEVALUEOVERRIDDEN>
<AMOUNT>${rupees(amount)}</AMOUNT>
${empties(LINE_EMPTY_LISTS.slice(0, 4))}
</ACCOUNTINGALLOCATIONS.LIST>
${empties(["DUTYHEADDETAILS.LIST", "EXCISEALLOCATIONS.LIST", "EXPENSEALLOCATIONS.LIST"])}
${rateDetails}
</ALLINVENTORYENTRIES.LIST>`);
  }
  const cgst = (taxable * 9) / 100;
  const total = taxable + 2 * cgst;
  const ledger = (name: string, paise: number, party: boolean, extra = "") => `<LEDGERENTRIES.LIST>
<OLDAUDITENTRYIDS.LIST TYPE="Number"><OLDAUDITENTRYIDS>-1</OLDAUDITENTRYIDS></OLDAUDITENTRYIDS.LIST>
<LEDGERNAME>${name}</LEDGERNAME>
<GSTCLASS>&#4; Not Applicable</GSTCLASS>
<ISDEEMEDPOSITIVE>${paise < 0 ? "Yes" : "No"}</ISDEEMEDPOSITIVE>
<LEDGERFROMITEM>No</LEDGERFROMITEM>
<REMOVEZEROENTRIES>No</REMOVEZEROENTRIES>
<ISPARTYLEDGER>${party ? "Yes" : "No"}</ISPARTYLEDGER>
<GSTOVERRIDDEN>No</GSTOVERRIDDEN>
<AMOUNT>${rupees(paise)}</AMOUNT>
<VATEXPAMOUNT>${rupees(paise)}</VATEXPAMOUNT>
${extra}
${empties(LINE_EMPTY_LISTS)}
</LEDGERENTRIES.LIST>`;
  return `<TALLYMESSAGE xmlns:UDF="TallyUDF">
<VOUCHER REMOTEID="bench-${index}" VCHKEY="bench-${index}:00000008" VCHTYPE="Sales" ACTION="Create" OBJVIEW="Invoice Voucher View">
<OLDAUDITENTRYIDS.LIST TYPE="Number"><OLDAUDITENTRYIDS>-1</OLDAUDITENTRYIDS></OLDAUDITENTRYIDS.LIST>
<DATE>${date}</DATE>
<VCHSTATUSDATE>${date}</VCHSTATUSDATE>
<GUID>bench-real-${index}</GUID>
<GSTREGISTRATIONTYPE>Unregistered/Consumer</GSTREGISTRATIONTYPE>
<STATENAME>Maharashtra</STATENAME>
<COUNTRYOFRESIDENCE>India</COUNTRYOFRESIDENCE>
<PLACEOFSUPPLY>Maharashtra</PLACEOFSUPPLY>
<PARTYNAME>${customer}</PARTYNAME>
<GSTREGISTRATION TAXTYPE="GST" TAXREGISTRATION="">Maharashtra Registration</GSTREGISTRATION>
<CMPGSTIN>27AAPFA1234C1Z5</CMPGSTIN>
<VOUCHERTYPENAME>Sales</VOUCHERTYPENAME>
<PARTYLEDGERNAME>${customer}</PARTYLEDGERNAME>
<VOUCHERNUMBER>${number}</VOUCHERNUMBER>
<BASICBUYERNAME>${customer}</BASICBUYERNAME>
<CMPGSTREGISTRATIONTYPE>Regular</CMPGSTREGISTRATIONTYPE>
<PARTYMAILINGNAME>${customer}</PARTYMAILINGNAME>
<CONSIGNEEMAILINGNAME>${customer}</CONSIGNEEMAILINGNAME>
<CONSIGNEESTATENAME>Maharashtra</CONSIGNEESTATENAME>
<CMPGSTSTATE>Maharashtra</CMPGSTSTATE>
<CONSIGNEECOUNTRYNAME>India</CONSIGNEECOUNTRYNAME>
<BASICBASEPARTYNAME>${customer}</BASICBASEPARTYNAME>
<NUMBERINGSTYLE>Auto Retain</NUMBERINGSTYLE>
<PERSISTEDVIEW>Invoice Voucher View</PERSISTEDVIEW>
<VCHENTRYMODE>Item Invoice</VCHENTRYMODE>
<EFFECTIVEDATE>${date}</EFFECTIVEDATE>
<ISINVOICE>Yes</ISINVOICE>
<ISCANCELLED>No</ISCANCELLED>
<ISOPTIONAL>No</ISOPTIONAL>
<ISDELETED>No</ISDELETED>
<ALTERID>${index + 100}</ALTERID>
<MASTERID>${index + 50}</MASTERID>
<VOUCHERKEY>${190000000000 + index}</VOUCHERKEY>
${empties(EMPTY_LISTS)}
${lines.join("\n")}
${ledger(customer, -total, true, `<BILLALLOCATIONS.LIST><NAME>${number}</NAME><BILLTYPE>New Ref</BILLTYPE><TDSDEDUCTEEISSPECIALRATE>No</TDSDEDUCTEEISSPECIALRATE><AMOUNT>${rupees(-total)}</AMOUNT><INTERESTCOLLECTION.LIST>        </INTERESTCOLLECTION.LIST><STBILLCATEGORIES.LIST>        </STBILLCATEGORIES.LIST></BILLALLOCATIONS.LIST>`)}
${ledger("Output CGST @ 9%", cgst, false)}
${ledger("Output SGST @ 9%", cgst, false)}
${udf(1)}
${udf(2)}
<NARRATION>Real-shape bench invoice ${index + 1}</NARRATION>
</VOUCHER>
</TALLYMESSAGE>`;
}

/**
 * Writes a day book of `count` real-shape vouchers (and its masters) to `path`, in UTF-16LE with
 * a byte-order mark as Tally writes it, or in UTF-8. Returns the file's size in bytes.
 */
export async function writeRealShapeDayBook(
  path: string,
  count: number,
  encoding: "utf16le" | "utf8" = "utf16le",
): Promise<number> {
  const out = createWriteStream(path);
  let size = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text, encoding);
    size += bytes.length;
    if (!out.write(bytes)) await once(out, "drain");
  };
  if (encoding === "utf16le") await write("\ufeff");
  await write(`<?xml version="1.0" encoding="${encoding === "utf16le" ? "UTF-16" : "UTF-8"}"?>
<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA>
<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME></REQUESTDESC><REQUESTDATA>
${masters()}
`);
  for (let index = 0; index < count; index += 1) await write(`${realShapeVoucher(index, count)}\n`);
  await write("</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>\n");
  out.end();
  await once(out, "close");
  return size;
}
