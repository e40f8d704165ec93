import { DEFAULT_EXPORT_FORMAT, type ExportFormat } from "@bahi/domain";
import { Button, Group, Select } from "@mantine/core";
import { useState } from "react";

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { pdf: "PDF", excel: "Excel" };

/** spec 2.5: a download control, pdf or excel, pdf by default. */
export function DownloadControl({
  downloading,
  onDownload,
}: {
  downloading: boolean;
  onDownload: (format: ExportFormat) => void;
}) {
  const [format, setFormat] = useState<ExportFormat>(DEFAULT_EXPORT_FORMAT);
  return (
    <Group gap={4} wrap="nowrap">
      <Select
        aria-label="Download format"
        w={92}
        data={[
          { value: "pdf", label: EXPORT_FORMAT_LABELS.pdf },
          { value: "excel", label: EXPORT_FORMAT_LABELS.excel },
        ]}
        value={format}
        allowDeselect={false}
        onChange={(value) => {
          if (value === "pdf" || value === "excel") setFormat(value);
        }}
      />
      <Button variant="default" loading={downloading} onClick={() => onDownload(format)}>
        Download
      </Button>
    </Group>
  );
}
