import { Table, Text } from "@mantine/core";
import { formatRupees } from "../../reports/report-format.ts";
import type { Gstr3bTaxPayment, TaxHeads, TaxPaymentRow } from "../gstr3b.api.ts";
import { Section } from "./Gstr3bTableParts.tsx";

const HEADS: Record<keyof TaxHeads, string> = {
  igst: "Integrated Tax",
  cgst: "Central Tax",
  sgst: "State/UT Tax",
  cess: "Cess",
};
const HEAD_ORDER = ["igst", "cgst", "sgst", "cess"] as const;

/**
 * GSTR-3B table 6.1, Payment of tax (issue 40): each head's tax payable, what each credit pays of
 * it (set-off order of sections 49, 49A, 49B and rule 88A, computed by the server), and the cash.
 * A credit that may not pay a head (CGST for SGST, cess for the rest) shows a grey cell.
 */
export function TaxPaymentTable({ payment }: { payment: Gstr3bTaxPayment }) {
  return (
    <Section title="6.1 Payment of tax">
      <Table.ScrollContainer minWidth={720}>
        <Table withTableBorder verticalSpacing={4} aria-label="6.1 Payment of tax">
          <Table.Thead>
            <Table.Tr>
              <Table.Th rowSpan={2}>Description</Table.Th>
              <Table.Th rowSpan={2} ta="right">
                Tax payable
              </Table.Th>
              <Table.Th colSpan={4} ta="center">
                Paid through ITC
              </Table.Th>
              <Table.Th rowSpan={2} ta="right">
                Tax paid in cash
              </Table.Th>
            </Table.Tr>
            <Table.Tr>
              {HEAD_ORDER.map((head) => (
                <Table.Th key={head} ta="right">
                  {HEADS[head]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <PartRows title="(A) Other than reverse charge" rows={payment.otherThanReverseCharge} />
            <PartRows
              title="(B) Reverse charge"
              rows={payment.reverseCharge}
              creditAllowed={false}
            />
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm">
        Total tax to pay in cash: ₹{formatRupees(payment.cashTotal)}. Credit left to carry forward:{" "}
        {HEAD_ORDER.map((head) => `${HEADS[head]} ₹${formatRupees(payment.itcLeft[head])}`).join(
          ", ",
        )}
        .
      </Text>
    </Section>
  );
}

/** Which credit may pay which head (s.49(5)): CGST never pays SGST and the reverse; cess only cess. */
function mayPay(credit: keyof TaxHeads, head: keyof TaxHeads): boolean {
  if (credit === "cess" || head === "cess") return credit === head;
  if (credit === "igst" || head === "igst") return true;
  return credit === head;
}

function PartRows(props: { title: string; rows: TaxPaymentRow[]; creditAllowed?: boolean }) {
  return (
    <>
      <Table.Tr>
        <Table.Td colSpan={7} fw={600}>
          {props.title}
        </Table.Td>
      </Table.Tr>
      {props.rows.map((row) => (
        <Table.Tr key={row.head} data-head={row.head}>
          <Table.Td>{HEADS[row.head]}</Table.Td>
          <Table.Td ta="right">{formatRupees(row.payable)}</Table.Td>
          {HEAD_ORDER.map((credit) =>
            props.creditAllowed !== false && mayPay(credit, row.head) ? (
              <Table.Td key={credit} ta="right">
                {formatRupees(row.paidByItc[credit])}
              </Table.Td>
            ) : (
              <Table.Td key={credit} bg="gray.1" />
            ),
          )}
          <Table.Td ta="right">{formatRupees(row.cash)}</Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}
