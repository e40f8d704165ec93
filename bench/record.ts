// Where bench runs are written down. Each run's full report goes to RUNS.md (the log, newest
// last); its figures replace the same measures' rows of the current table at the top of
// RESULTS.md, whose findings below the table are written by hand.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const RUNS_MD = path.join(BENCH_DIR, "RUNS.md");
const RESULTS_MD = path.join(BENCH_DIR, "RESULTS.md");
const CURRENT_JSON = path.join(BENCH_DIR, "current-figures.json");
const TABLE_START = "<!-- current-figures:start (written by bench/record.ts) -->";
const TABLE_END = "<!-- current-figures:end -->";

/** One measured figure: the latest value of a measure at one size on one engine. */
export interface Figure {
  /** Stable key of the measure, e.g. "saveP95" or "gstr2Matching". */
  measure: string;
  /** What was measured, in words, with its unit. */
  label: string;
  /** The size of the books or input, e.g. "100k vouchers". */
  size: string;
  engine: "sqlite" | "postgres";
  /** The target as written in the issue, e.g. "≤ 10 ms"; empty when none. */
  target: string;
  /** The value as shown, e.g. "9.1" or "1,422". */
  value: string;
  met: boolean | null;
}

interface StoredFigure extends Figure {
  /** When it was measured (UTC, minutes) and the machine's 1-minute load average then. */
  at: string;
  loadAverage: string;
}

const rowKey = (figure: Figure) => `${figure.measure}|${figure.size}`;

export function currentStamp(date = new Date()): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** Appends a run's report to RUNS.md and puts its figures into RESULTS.md's current table. */
export function recordRun(report: string, figures: readonly Figure[], at = new Date()): void {
  if (!existsSync(RUNS_MD)) {
    writeFileSync(
      RUNS_MD,
      "# Benchmark runs\n\nEvery recorded run of the bench, newest last (`bench/record.ts`). " +
        "The current figures and the findings are in [RESULTS.md](RESULTS.md).\n\n",
    );
  }
  const log = readFileSync(RUNS_MD, "utf8");
  const gap = log.endsWith("\n\n") ? "" : log.endsWith("\n") ? "\n" : "\n\n";
  appendFileSync(RUNS_MD, `${gap}${report.trimEnd()}\n`);
  updateCurrentFigures(figures, at);
}

export function updateCurrentFigures(figures: readonly Figure[], at = new Date()): void {
  const stored = readStoredFigures();
  const loadAverage = (os.loadavg()[0] ?? 0).toFixed(1);
  for (const figure of figures) {
    stored[`${rowKey(figure)}|${figure.engine}`] = {
      ...figure,
      at: currentStamp(at),
      loadAverage,
    };
  }
  writeFileSync(CURRENT_JSON, `${JSON.stringify(stored, null, 2)}\n`);
  writeTable(Object.values(stored));
}

function readStoredFigures(): Record<string, StoredFigure> {
  if (!existsSync(CURRENT_JSON)) return {};
  return JSON.parse(readFileSync(CURRENT_JSON, "utf8")) as Record<string, StoredFigure>;
}

const cell = (figure: StoredFigure | undefined) =>
  figure
    ? `${figure.value} ${figure.met === null ? "" : figure.met ? "✓" : "✗"} (${figure.at.slice(0, 10)}, load ${figure.loadAverage})`.replace(
        "  ",
        " ",
      )
    : "—";

/**
 * The current table, one row per measure and size, SQLite and PostgreSQL side by side, in the
 * order the measures were first recorded.
 */
export function renderTable(figures: readonly StoredFigure[]): string {
  const rows = new Map<string, { sqlite?: StoredFigure; postgres?: StoredFigure }>();
  for (const figure of figures) {
    const row = rows.get(rowKey(figure)) ?? {};
    row[figure.engine] = figure;
    rows.set(rowKey(figure), row);
  }
  const lines = [
    "| Measure | Size | Target | SQLite | PostgreSQL |",
    "| --- | --- | --- | --- | --- |",
  ];
  // A measure's rows stay together, in the order measures were first recorded, smaller books first.
  const measures = [...new Set(figures.map((figure) => figure.measure))];
  const vouchers = (size: string) => {
    const match = /^([\d.]+)(k|M) vouchers$/.exec(size);
    return match ? Number(match[1]) * (match[2] === "M" ? 1e6 : 1e3) : 0;
  };
  const ordered = [...rows.values()].sort((a, b) => {
    const first = (a.sqlite ?? a.postgres) as StoredFigure;
    const second = (b.sqlite ?? b.postgres) as StoredFigure;
    return (
      measures.indexOf(first.measure) - measures.indexOf(second.measure) ||
      vouchers(first.size) - vouchers(second.size)
    );
  });
  for (const row of ordered) {
    const any = (row.sqlite ?? row.postgres) as StoredFigure;
    lines.push(
      `| ${any.label} | ${any.size} | ${any.target || "—"} | ${cell(row.sqlite)} | ${cell(row.postgres)} |`,
    );
  }
  return lines.join("\n");
}

function writeTable(figures: readonly StoredFigure[]): void {
  const table = `${TABLE_START}\n${renderTable(figures)}\n${TABLE_END}`;
  const text = existsSync(RESULTS_MD)
    ? readFileSync(RESULTS_MD, "utf8")
    : `# Benchmark results\n\n${TABLE_START}\n${TABLE_END}\n`;
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  const next =
    start >= 0 && end > start
      ? `${text.slice(0, start)}${table}${text.slice(end + TABLE_END.length)}`
      : `${text.trimEnd()}\n\n${table}\n`;
  writeFileSync(RESULTS_MD, next);
}
