import { buildVoucherScreenPath, getVoucherDefinition, type VoucherType } from "@bahi/domain";
import { Button, Container, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { SharedLinksButton } from "../document-links/SharedLinks.tsx";
import { saveFile } from "../lists/save-file.ts";
import { SendMenu } from "../sending/SendMenu.tsx";
import { PdfFrame } from "./PdfFrame.tsx";
import { fetchDocumentPdf } from "./printing.api.ts";
import { usePdfUrl } from "./use-pdf-url.ts";

const COPY_OPTIONS = [
  { value: "1", label: "1 copy" },
  { value: "2", label: "2 copies" },
  { value: "3", label: "3 copies" },
];

/**
 * {transactiontype}/print/{id} and {parentType}/{transactiontype}/print/{id} (spec 2.3): the PDF
 * with Print, Download, Send (email or WhatsApp, issue 22), the document's shared links (revoke them)
 * and the number of copies (CGST rule 48).
 */
export function PrintPreviewPage({ type }: { type: VoucherType }) {
  const definition = getVoucherDefinition(type);
  const title = `Print ${definition.titles.singular}`;
  usePageTitle(title);
  const { entryId = "" } = useParams();
  const { organisation, year } = useOrganisationScope();
  const navigate = useNavigate();
  const [copies, setCopies] = useState("1");
  const frame = useRef<HTMLIFrameElement>(null);
  const pdf = useQuery({
    queryKey: ["document-pdf", organisation._id, type, entryId, copies],
    queryFn: () =>
      fetchDocumentPdf({ organisationId: organisation._id, entryId, type, copies: Number(copies) }),
    staleTime: 0,
    gcTime: 0,
  });
  const url = usePdfUrl(pdf.data?.blob);
  const sendTarget = useMemo(
    () => ({
      kind: "document" as const,
      organisationId: organisation._id,
      entryId,
      type,
      copies: Number(copies),
      label: definition.titles.singular,
    }),
    [organisation._id, entryId, type, copies, definition],
  );

  function print() {
    const view = frame.current?.contentWindow;
    if (view) {
      view.focus();
      view.print();
    } else if (url) {
      window.open(url, "_blank", "noopener");
    }
  }

  return (
    <Container size="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={1} fz="h2">
            {title}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Stack gap={2}>
              <Text size="xs" c="dimmed" id="copies-label">
                Number of copies
              </Text>
              <SegmentedControl
                aria-labelledby="copies-label"
                data={COPY_OPTIONS}
                value={copies}
                onChange={setCopies}
              />
            </Stack>
            <Button onClick={print} disabled={!url}>
              Print
            </Button>
            <Button
              variant="light"
              disabled={!pdf.data}
              onClick={() => pdf.data && saveFile(pdf.data.blob, pdf.data.fileName)}
            >
              Download
            </Button>
            <SendMenu target={sendTarget} />
            <SharedLinksButton document={sendTarget} label={definition.titles.singular} />
            <Button
              variant="default"
              onClick={() =>
                navigate(
                  buildVoucherScreenPath({ organisationId: organisation._id, year }, type, {
                    screen: "edit",
                    id: entryId,
                  }),
                )
              }
            >
              Edit
            </Button>
          </Group>
        </Group>
        {pdf.isError ? (
          <Text c="red" role="alert">
            The PDF could not be made. {pdf.error instanceof Error ? pdf.error.message : ""}
          </Text>
        ) : (
          <PdfFrame url={url} loading={pdf.isFetching} frameRef={frame} />
        )}
      </Stack>
    </Container>
  );
}
