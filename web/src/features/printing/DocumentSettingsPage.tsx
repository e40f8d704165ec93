import {
  DOCUMENT_TEMPLATE_LABELS,
  DOCUMENT_TEMPLATES,
  type DocumentSettings,
  getVoucherDefinition,
  PAGE_FORMAT_LABELS,
  PAGE_FORMATS,
  type VoucherType,
} from "@bahi/domain";
import {
  Button,
  Center,
  Container,
  Grid,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "../../app/notify.tsx";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { PdfFrame } from "./PdfFrame.tsx";
import {
  documentSettingsKey,
  fetchDocumentPdf,
  fetchDocumentSettings,
  latestEntryQuery,
  saveDocumentSettings,
} from "./printing.api.ts";
import { usePdfUrl } from "./use-pdf-url.ts";

type Flag = {
  [K in keyof DocumentSettings]: DocumentSettings[K] extends boolean ? K : never;
}[keyof DocumentSettings];

/** spec 3 "Document settings": the switches and their labels. */
const FLAGS: readonly { key: Flag; label: string }[] = [
  { key: "showRCM", label: "Show reverse charge" },
  { key: "showDiscountColumn", label: "Show discount column" },
  { key: "showShippingAddress", label: "Show shipping address" },
  { key: "printHSNorSAC", label: "Print HSN or SAC" },
  { key: "printUnitOfMeasurement", label: "Print unit of measurement" },
  { key: "placeForSignature", label: "Place for signature" },
  { key: "showTransportDetails", label: "Show transport details" },
  { key: "showDueDate", label: "Show due date" },
  { key: "printDueDate", label: "Print due date" },
];

/** settings/{sales-invoice|…|purchase-order}: the document's print settings with a live preview. */
export function DocumentSettingsPage({ type }: { type: VoucherType }) {
  const definition = getVoucherDefinition(type);
  const title = `${definition.titles.singular} Settings`;
  usePageTitle(title);
  const { organisation, year } = useOrganisationScope();
  const organisationId = organisation._id;
  const saved = useQuery({
    queryKey: documentSettingsKey(organisationId, type),
    queryFn: () => fetchDocumentSettings(organisationId, type),
  });
  return (
    <Container size="xl">
      <Title order={1} fz="h2" mb="md">
        {title}
      </Title>
      {saved.data ? (
        <DocumentSettingsForm
          key={`${organisationId}-${type}`}
          type={type}
          organisationId={organisationId}
          year={year}
          initial={saved.data}
        />
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      )}
    </Container>
  );
}

function pickSettings(value: DocumentSettings & Record<string, unknown>): DocumentSettings {
  const {
    showRCM,
    showDiscountColumn,
    showShippingAddress,
    printHSNorSAC,
    printUnitOfMeasurement,
    heading,
    printing,
    placeForSignature,
    showTransportDetails,
    showDueDate,
    printDueDate,
    notes,
    lineInBottom,
    selectedTemplate,
  } = value;
  return {
    showRCM,
    showDiscountColumn,
    showShippingAddress,
    printHSNorSAC,
    printUnitOfMeasurement,
    heading,
    printing,
    placeForSignature,
    showTransportDetails,
    showDueDate,
    printDueDate,
    notes,
    lineInBottom,
    selectedTemplate,
  };
}

function DocumentSettingsForm({
  type,
  organisationId,
  year,
  initial,
}: {
  type: VoucherType;
  organisationId: string;
  year: string;
  initial: DocumentSettings & Record<string, unknown>;
}) {
  const definition = getVoucherDefinition(type);
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<DocumentSettings>(() => pickSettings(initial));
  const [saving, setSaving] = useState(false);
  const [previewed] = useDebouncedValue(settings, 400);
  const printable = definition.print !== null;
  const latest = useQuery({
    ...latestEntryQuery(organisationId, year, type),
    enabled: printable,
  });
  const entryId = latest.data ?? null;
  const preview = useQuery({
    queryKey: ["document-preview", organisationId, type, entryId, previewed],
    queryFn: () =>
      fetchDocumentPdf({
        organisationId,
        entryId: entryId ?? "",
        type,
        copies: 1,
        preview: previewed,
      }),
    enabled: printable && entryId !== null,
    gcTime: 0,
  });
  const url = usePdfUrl(preview.data?.blob);
  const set = <K extends keyof DocumentSettings>(key: K, value: DocumentSettings[K]) =>
    setSettings((current) => ({ ...current, [key]: value }));

  async function save() {
    setSaving(true);
    try {
      const answer = await saveDocumentSettings(organisationId, type, settings);
      notify({ type: "success", title: answer.message });
      void queryClient.invalidateQueries({ queryKey: documentSettingsKey(organisationId, type) });
    } catch {
      // The API client has shown the error.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Grid columns={24} gap="lg">
      <Grid.Col span={{ base: 24, md: printable ? 9 : 24 }}>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <TextInput
              label="Heading"
              description={`Printed at the top; blank prints "${definition.print?.heading ?? definition.titles.singular}".`}
              value={settings.heading}
              maxLength={60}
              onChange={(event) => set("heading", event.currentTarget.value)}
            />
            <Select
              label="Printing"
              data={PAGE_FORMATS.map((value) => ({ value, label: PAGE_FORMAT_LABELS[value] }))}
              value={settings.printing}
              allowDeselect={false}
              onChange={(value) => value && set("printing", value as DocumentSettings["printing"])}
            />
            <Select
              label="Design"
              data={DOCUMENT_TEMPLATES.map((value) => ({
                value,
                label: DOCUMENT_TEMPLATE_LABELS[value],
              }))}
              value={settings.selectedTemplate}
              allowDeselect={false}
              onChange={(value) =>
                value && set("selectedTemplate", value as DocumentSettings["selectedTemplate"])
              }
            />
            {FLAGS.map((flag) => (
              <Switch
                key={flag.key}
                label={flag.label}
                checked={settings[flag.key]}
                onChange={(event) => set(flag.key, event.currentTarget.checked)}
              />
            ))}
            <Textarea
              label="Terms and conditions"
              autosize
              minRows={2}
              maxLength={2000}
              value={settings.notes}
              onChange={(event) => set("notes", event.currentTarget.value)}
            />
            <TextInput
              label="Line in bottom"
              maxLength={200}
              value={settings.lineInBottom}
              onChange={(event) => set("lineInBottom", event.currentTarget.value)}
            />
            <Button onClick={() => void save()} loading={saving}>
              Save
            </Button>
          </Stack>
        </Paper>
      </Grid.Col>
      {printable && (
        <Grid.Col span={{ base: 24, md: 15 }}>
          <Stack gap="xs">
            <Text fw={600}>Preview</Text>
            {latest.isSuccess && entryId === null ? (
              <Text c="dimmed">
                Save a {definition.titles.singular.toLowerCase()} to see its preview here.
              </Text>
            ) : (
              <PdfFrame url={url} loading={preview.isFetching} height="80vh" />
            )}
          </Stack>
        </Grid.Col>
      )}
    </Grid>
  );
}
