import { EXPORT_FORMATS, type ExportFormat } from "@bahi/domain";
import { Button, Menu } from "@mantine/core";
import { useState } from "react";
import { downloadReport, FORMAT_LABELS } from "../download.ts";
import type { ReportCall } from "../reports.api.ts";

function DownloadIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}

export interface DownloadMenuProps {
  /** The report's call as the screen makes it; the download adds download=true and format. */
  call: ReportCall;
  /** true once the report is known to have no rows: the spec's toast, no call. */
  empty?: boolean;
  /** File name without extension if the server names none. */
  fallbackName?: string;
}

/** spec 2.5 "A download control (pdf or excel, default pdf)": PDF first, then Excel. */
export function DownloadMenu({ call, empty, fallbackName }: DownloadMenuProps) {
  const [busy, setBusy] = useState(false);
  async function run(format: ExportFormat) {
    setBusy(true);
    try {
      await downloadReport(call, format, {
        ...(empty !== undefined ? { empty } : {}),
        ...(fallbackName ? { fallbackName } : {}),
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<DownloadIcon />} loading={busy}>
          Download
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {EXPORT_FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => void run(format)}>
            {FORMAT_LABELS[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
