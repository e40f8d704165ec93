import {
  amountInWords,
  type FinancialYear,
  formatDateDisplay,
  formatRupees,
  rupeesToPaise,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { notFound } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import type { Caller } from "../access/caller.ts";
import { renderTdsCertificateDocumentPdf } from "../documents/print-renderer.ts";
import type { TdsCertificateDocument } from "../documents/tds-certificate.ts";
import {
  assertStatementFileable,
  deductorPanOf,
  loadQuarter,
  type Quarter,
  requireTan,
  TDS_SERVICE_MESSAGES,
} from "./tds.service.ts";
import { buildRpuWorkbook } from "./tds-rpu-file.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** GET /tds/report/download: the statement's workbook for the RPU; refused while tax is undeposited. */
export async function renderStatementFile(
  db: Kysely<Database>,
  caller: Caller,
  query: {
    organisationId: string;
    year: FinancialYear;
    quarter: Quarter;
  },
) {
  const { organisation, rows, challans } = await loadQuarter(db, caller, query);
  const tan = requireTan(organisation);
  assertStatementFileable(rows);
  const content = await buildRpuWorkbook({
    organisationName: organisation.name,
    tan,
    pan: deductorPanOf(organisation.gstin),
    year: query.year,
    quarter: query.quarter,
    rows,
    challans,
  });
  return {
    fileName: `26Q_${query.year}_Q${query.quarter}.xlsx`,
    contentType: XLSX,
    content,
  };
}

const money = (rupees: number) => formatRupees(rupeesToPaise(rupees));

/** GET /tds/certificate: one deductee's certificate for the quarter (Form 16A's layout), as PDF. */
export async function renderCertificate(
  db: Kysely<Database>,
  caller: Caller,
  query: {
    organisationId: string;
    year: FinancialYear;
    quarter: Quarter;
    accountId: string;
  },
) {
  const { organisation, range, rows, challans } = await loadQuarter(db, caller, query);
  const tan = requireTan(organisation);
  const own = rows.filter((row) => row.accountId === query.accountId);
  const first = own[0];
  if (!first) throw notFound(TDS_SERVICE_MESSAGES.noDeductions);
  const totalPaidPaise = own.reduce((sum, row) => sum + rupeesToPaise(row.amountPaid), 0);
  const totalTdsPaise = own.reduce((sum, row) => sum + rupeesToPaise(row.tds), 0);
  const paidBy = new Map<string, number>();
  for (const row of own) {
    if (row.challan) {
      paidBy.set(
        row.challan.challanId,
        (paidBy.get(row.challan.challanId) ?? 0) + rupeesToPaise(row.tds),
      );
    }
  }
  const newAct = range.startDate >= "2026-04-01";
  const document: TdsCertificateDocument = {
    title: "Certificate of tax deducted at source",
    formNote: newAct
      ? "In the layout of Form 16A's successor under the Income-tax Act, 2025 (s.395). The certificate the law requires is the one generated on TRACES."
      : "Form 16A [see rule 31(1)(b)] layout, Income-tax Act, 1961, s.203. The certificate the law requires is the one generated on TRACES.",
    deductor: {
      name: organisation.name,
      address: [
        organisation.billing_address,
        organisation.billing_city,
        organisation.billing_pincode,
      ]
        .filter(Boolean)
        .join(", "),
      tan,
      pan: deductorPanOf(organisation.gstin) ?? "(not given)",
    },
    deductee: {
      name: first.name,
      pan: first.panStatus === "valid" ? (first.pan ?? "").toUpperCase() : "PANNOTAVBL",
      address: "",
    },
    period: `${formatDateDisplay(range.startDate)} to ${formatDateDisplay(range.endDate)}`,
    year: query.year,
    quarter: `Q${query.quarter}`,
    rows: own.map((row) => ({
      date: formatDateDisplay(row.date),
      voucher: row.number,
      section: row.section,
      amountPaid: money(row.amountPaid),
      rate: `${row.rate}%`,
      tds: money(row.tds),
    })),
    totalPaid: formatRupees(totalPaidPaise),
    totalTds: formatRupees(totalTdsPaise),
    totalInWords: amountInWords(totalTdsPaise),
    challans: challans
      .filter((challan) => paidBy.has(challan.id))
      .map((challan) => ({
        bsrCode: challan.bsr_code,
        date: formatDateDisplay(challan.date),
        serial: challan.challan_serial,
        amount: formatRupees(paidBy.get(challan.id) ?? 0),
      })),
    generatedOn: formatDateDisplay(nowIso().slice(0, 10)),
  };
  return {
    fileName: `TDS_certificate_${query.year}_Q${query.quarter}_${first.name.replace(/[^A-Za-z0-9]+/g, "_")}.pdf`,
    contentType: "application/pdf",
    content: await renderTdsCertificateDocumentPdf(document, {
      organisationId: query.organisationId,
    }),
  };
}
