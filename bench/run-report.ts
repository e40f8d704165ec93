/**
 * `npm run bench`'s targets (the issue "Benchmark") and its report: the markdown of a run and the
 * figures it records in RESULTS.md's current table.
 */
import os from "node:os";
import type { Figure } from "./record.ts";
import type { RunResult } from "./run.ts";

// ---------------------------------------------------------------------------------------------
// Targets (the issue "Benchmark"): SQLite numbers; PostgreSQL within 2× of SQLite on each.

export interface Target {
  kind: "max" | "min";
  limit: number;
  unit: string;
  /** When the issue sets the target at another size only. */
  note?: string;
}

export function targetOf(metric: MetricKey, size: number): Target {
  switch (metric) {
    case "loadRate":
      return { kind: "min", limit: 2000, unit: "/s" };
    case "saveP95":
      return { kind: "max", limit: 10, unit: "ms" };
    case "listP95":
      return {
        kind: "max",
        limit: 20,
        unit: "ms",
        ...(size === 100_000 ? {} : { note: "set at 100k" }),
      };
    case "searchP95":
      return {
        kind: "max",
        limit: 50,
        unit: "ms",
        ...(size === 100_000 ? {} : { note: "set at 100k" }),
      };
    case "ledgerP95":
      return { kind: "max", limit: 20, unit: "ms" };
    case "trialBalanceP95":
    case "balanceSheetP95":
      // The issue measures the balance sheet against the trial balance's targets.
      return size >= 1_000_000
        ? { kind: "max", limit: 50, unit: "ms" }
        : { kind: "max", limit: 20, unit: "ms" };
    case "gstr1CountsP95":
    case "gstr1PageP95":
      // Issue 19: a month's GSTR-1 of a 1M-voucher year, counts and a section's first page.
      return {
        kind: "max",
        limit: 200,
        unit: "ms",
        ...(size >= 1_000_000 ? {} : { note: "set at 1M" }),
      };
    case "gstr1JsonP95":
      return {
        kind: "max",
        limit: 2000,
        unit: "ms",
        ...(size >= 1_000_000 ? {} : { note: "set at 1M" }),
      };
    case "gstr3bSummaryP95":
    case "gstr3bJsonP95":
      // Issue 20: GSTR-3B of a month of a 1M-voucher year on SQLite in ≤ 1 s.
      return {
        kind: "max",
        limit: 1000,
        unit: "ms",
        ...(size >= 1_000_000 ? {} : { note: "set at 1M" }),
      };
    case "invoicePdfP95":
      return { kind: "max", limit: 100, unit: "ms" };
    case "invoicePdf100P95":
      return { kind: "max", limit: 400, unit: "ms" };
    case "peakRssMb":
      return { kind: "max", limit: 300, unit: "MB" };
    case "loadPeakRssMb":
      return { kind: "max", limit: 300, unit: "MB", note: "server + loader" };
  }
}

export const METRICS = [
  ["loadRate", "Load through the service layer (vouchers/s)"],
  ["saveP95", "Save one sales invoice over HTTP, p95 (ms)"],
  ["listP95", "Sales list page of 50 by date, p95 (ms)"],
  ["searchP95", "Sales list page of 50 with a search text, p95 (ms)"],
  ["ledgerP95", "Busy debtor's ledger page of 50, p95 (ms)"],
  ["trialBalanceP95", "Trial balance of the year, p95 (ms)"],
  ["balanceSheetP95", "Balance sheet at the year end, p95 (ms)"],
  ["gstr1CountsP95", "GSTR-1 of a month: counts and warnings, p95 (ms)"],
  ["gstr1PageP95", "GSTR-1 of a month: first page of B2B, p95 (ms)"],
  ["gstr1JsonP95", "GSTR-1 of a month: the JSON file, p95 (ms)"],
  ["gstr3bSummaryP95", "GSTR-3B of a month: the tables and warnings, p95 (ms)"],
  ["gstr3bJsonP95", "GSTR-3B of a month: the JSON file, p95 (ms)"],
  ["invoicePdfP95", "One invoice's PDF over HTTP, warm, p95 (ms)"],
  ["invoicePdf100P95", "A 100-line invoice's PDF over HTTP, p95 (ms)"],
  ["peakRssMb", "Peak RSS of the serving process (MB)"],
  ["loadPeakRssMb", "Peak RSS of the loading process (MB)"],
] as const;
export type MetricKey = (typeof METRICS)[number][0];

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model.trim() ?? "unknown CPU"} × ${cpus.length}`,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverage: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" "),
  };
}

export const formatNumber = (n: number) =>
  Number.isInteger(n) ? n.toLocaleString("en-IN") : n.toFixed(1);
export const sizeLabel = (size: number) =>
  size >= 1_000_000 ? `${size / 1_000_000}M` : size >= 1000 ? `${size / 1000}k` : String(size);

export function verdict(value: number, target: Target): string {
  const met = target.kind === "max" ? value <= target.limit : value >= target.limit;
  if (met) return "✓";
  const off = target.kind === "max" ? value / target.limit - 1 : 1 - value / target.limit;
  return `✗ ${target.kind === "max" ? "+" : "−"}${Math.round(off * 100)} %`;
}

export function ratioVerdict(metric: MetricKey, sqlite: number, postgres: number): string {
  if (metric === "peakRssMb") return `${(postgres / sqlite).toFixed(2)}×`;
  // "Within 2×": slower by at most half the rate, or at most twice the time.
  const ratio = metric === "loadRate" ? sqlite / postgres : postgres / sqlite;
  return `${ratio.toFixed(2)}× ${ratio <= 2 ? "✓" : "✗"}`;
}

export function markdown(command: string, results: readonly RunResult[], startedAt: Date): string {
  const m = machine();
  const lines: string[] = [];
  lines.push(`## ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`, "");
  lines.push(`- Command: \`${command}\``);
  lines.push(
    `- Machine: ${m.cpu}, ${m.memoryGb} GB RAM, ${m.os}, Node ${m.node}; load average at the end ${m.loadAverage}`,
  );
  const databases = [...new Set(results.map((r) => r.database))].join(", ");
  lines.push(
    `- Databases: ${databases}; seed ${results[0]?.seed}, batches of ${results[0]?.batchSize}`,
  );
  lines.push("");
  for (const size of [...new Set(results.map((r) => r.size))]) {
    const sqlite = results.find((r) => r.size === size && r.engine === "sqlite");
    const postgres = results.find((r) => r.size === size && r.engine === "postgres");
    lines.push(`### ${sizeLabel(size)} vouchers`, "");
    const header = ["Metric", "Target (SQLite)"];
    if (sqlite) header.push("SQLite", "");
    if (postgres) header.push("PostgreSQL", "");
    if (sqlite && postgres) header.push("PG vs SQLite (≤ 2×)");
    lines.push(`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`);
    for (const [metric, label] of METRICS) {
      const target = targetOf(metric, size);
      const row = [
        label,
        `${target.kind === "max" ? "≤" : "≥"} ${formatNumber(target.limit)}${target.note ? ` (${target.note})` : ""}`,
      ];
      if (sqlite)
        row.push(formatNumber(sqlite.metrics[metric]), verdict(sqlite.metrics[metric], target));
      if (postgres)
        row.push(formatNumber(postgres.metrics[metric]), verdict(postgres.metrics[metric], target));
      if (sqlite && postgres)
        row.push(ratioVerdict(metric, sqlite.metrics[metric], postgres.metrics[metric]));
      lines.push(`| ${row.join(" | ")} |`);
    }
    lines.push("");
    for (const run of [sqlite, postgres]) {
      if (!run) continue;
      const h = run.http;
      lines.push(
        `- ${run.engine === "sqlite" ? "SQLite" : "PostgreSQL"}${run.reused ? " (books kept from an earlier run and served again with --reuse; its load figures are that run's)" : ""}: load ${formatNumber(run.load.vouchers)} vouchers in ${run.load.vouchersSeconds} s (${run.load.batches} batches; masters ${run.load.accounts} accounts + ${run.load.items} items in ${run.load.mastersSeconds} s), database ${formatNumber(run.databaseSizeMb)} MB. ` +
          `Save p50/p95/max ${h.save.p50}/${h.save.p95}/${h.save.max} ms; list ${h.list.p50}/${h.list.p95}/${h.list.max} ms over ${formatNumber(h.list.rows)} invoices; ` +
          `search "${h.search.searchText}" ${h.search.p50}/${h.search.p95}/${h.search.max} ms (${formatNumber(h.search.rows)} matches); ledger ${h.ledger.p50}/${h.ledger.p95}/${h.ledger.max} ms over ${formatNumber(h.ledger.rows)} entries; ` +
          `trial balance ${h.trialBalance.p50}/${h.trialBalance.p95}/${h.trialBalance.max} ms; ` +
          `balance sheet ${h.balanceSheet.p50}/${h.balanceSheet.p95}/${h.balanceSheet.max} ms, right after a sale ${h.balanceSheetAfterChange.p50}/${h.balanceSheetAfterChange.p95}/${h.balanceSheetAfterChange.max} ms; ` +
          `GSTR-1 of Sep 2025 (${formatNumber(h.gstr1.documents)} documents) counts ${h.gstr1.counts.p50}/${h.gstr1.counts.p95}/${h.gstr1.counts.max} ms, B2B page ${h.gstr1.page.p50}/${h.gstr1.page.p95}/${h.gstr1.page.max} ms, JSON ${h.gstr1.json.p50}/${h.gstr1.json.p95}/${h.gstr1.json.max} ms (${formatNumber(h.gstr1.jsonBytes)} bytes), Excel ${h.gstr1.excel.p50}/${h.gstr1.excel.p95}/${h.gstr1.excel.max} ms (${formatNumber(h.gstr1.excelBytes)} bytes). ` +
          `GSTR-3B of Sep 2025 tables ${h.gstr3b.summary.p50}/${h.gstr3b.summary.p95}/${h.gstr3b.summary.max} ms, JSON ${h.gstr3b.json.p50}/${h.gstr3b.json.p95}/${h.gstr3b.json.max} ms. ` +
          `invoice PDF ${h.invoicePdf.p50}/${h.invoicePdf.p95}/${h.invoicePdf.max} ms; 100-line invoice PDF ${h.invoicePdf100.p50}/${h.invoicePdf100.p95}/${h.invoicePdf100.max} ms. ` +
          `Serving process: peak RSS ${run.memory.serving.peakRssMb} MB (kernel high-water ${run.memory.serving.maxRssMb} MB), heap used ≤ ${run.memory.serving.peakHeapUsedMb} MB of ${run.memory.serving.peakHeapTotalMb} MB; peak RSS by step ${describePhasePeaks(run.memory.serving.byPhase)}. ` +
          `Loading process: peak RSS ${run.memory.loading.peakRssMb} MB (high-water ${run.memory.loading.maxRssMb} MB), heap used ≤ ${run.memory.loading.peakHeapUsedMb} MB of ${run.memory.loading.peakHeapTotalMb} MB` +
          `${run.vacuumAnalyzeSeconds > 0 ? `; VACUUM (ANALYZE) after the load ${run.vacuumAnalyzeSeconds} s` : ""}. Load average after the run ${run.loadAverageAtEnd.join(" ")}.`,
      );
    }
    lines.push("");
  }
  return lines.join("\n");
}

/**
 * Issue 18: the balance sheet within 2× the trial balance, p50 and p95 of the same run; and,
 * without a target, the GSTR-1 workbook and the balance sheet right after a sale, when the kept
 * valuation no longer holds.
 */
export function figuresBeyondTargets(run: RunResult): Figure[] {
  const { balanceSheet, balanceSheetAfterChange, trialBalance } = run.http;
  const ratio = (sheet: number, trial: number) => Math.round((sheet / trial) * 10) / 10;
  const p50 = ratio(balanceSheet.p50, trialBalance.p50);
  const p95 = ratio(balanceSheet.p95, trialBalance.p95);
  const size = `${sizeLabel(run.size)} vouchers`;
  return [
    {
      measure: "balanceSheetOverTrialBalance",
      label: "Balance sheet ÷ trial balance over HTTP, p50 (p95) (×)",
      size,
      engine: run.engine,
      target: "≤ 2",
      value: `${p50} (${p95})`,
      met: p50 <= 2 && p95 <= 2,
    },
    {
      measure: "gstr1Excel",
      label: "GSTR-1 of a month: the offline tool's Excel workbook, p50 (p95) (ms)",
      size,
      engine: run.engine,
      target: "",
      value: `${run.http.gstr1.excel.p50} (${run.http.gstr1.excel.p95})`,
      met: null,
    },
    {
      measure: "balanceSheetAfterChange",
      label: "Balance sheet right after a sale (stock valued afresh), p50 (p95) (ms)",
      size,
      engine: run.engine,
      target: "",
      value: `${balanceSheetAfterChange.p50} (${balanceSheetAfterChange.p95})`,
      met: null,
    },
  ];
}

/** The run's figures for the current table of RESULTS.md. */
export function figuresOf(results: readonly RunResult[]): Figure[] {
  return results.flatMap((run) => [
    ...figuresBeyondTargets(run),
    ...METRICS.filter(
      ([metric]) => !(run.reused && (metric === "loadRate" || metric === "loadPeakRssMb")),
    ).map(([metric, label]) => {
      const target = targetOf(metric, run.size);
      const value = run.metrics[metric];
      return {
        measure: metric,
        label,
        size: `${sizeLabel(run.size)} vouchers`,
        engine: run.engine,
        target: `${target.kind === "max" ? "≤" : "≥"} ${formatNumber(target.limit)}${target.note ? ` (${target.note})` : ""}`,
        value: formatNumber(value),
        met: target.kind === "max" ? value <= target.limit : value >= target.limit,
      };
    }),
  ]);
}

function describePhasePeaks(byPhase: Record<string, { rssMb: number }> | undefined) {
  if (!byPhase) return "not sampled";
  return Object.entries(byPhase)
    .map(([phase, peaks]) => `${phase} ${peaks.rssMb}`)
    .join(", ");
}
