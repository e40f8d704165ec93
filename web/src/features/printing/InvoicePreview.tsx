import { getVoucherDefinition } from "@bahi/domain";
import { Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { PdfFrame } from "./PdfFrame.tsx";
import { fetchDocumentPdf, latestEntryQuery } from "./printing.api.ts";
import { usePdfUrl } from "./use-pdf-url.ts";

/**
 * The newest sales invoice as it prints with the saved settings: the organisation settings
 * screen's preview (logo, signature, signatory, QR text and bank details). `version` changes when
 * the settings are saved, which draws it again.
 */
export function InvoicePreview({
  organisationId,
  year,
  version,
}: {
  organisationId: string;
  year: string;
  version: string;
}) {
  const type = "salesInvoice" as const;
  const latest = useQuery({
    ...latestEntryQuery(organisationId, year, type),
  });
  const entryId = latest.data ?? null;
  const pdf = useQuery({
    queryKey: ["organisation-preview", organisationId, entryId, version],
    queryFn: () => fetchDocumentPdf({ organisationId, entryId: entryId ?? "", type, copies: 1 }),
    enabled: entryId !== null,
    gcTime: 0,
  });
  const url = usePdfUrl(pdf.data?.blob);
  return (
    <Stack gap="xs">
      <Text fw={600}>Preview</Text>
      {latest.isSuccess && entryId === null ? (
        <Text c="dimmed">
          Save a {getVoucherDefinition(type).titles.singular.toLowerCase()} to see how your
          documents print.
        </Text>
      ) : (
        <PdfFrame url={url} loading={pdf.isFetching} height="70vh" />
      )}
    </Stack>
  );
}
