import {
  TRANSPORT_DISTANCE_MAX,
  TRANSPORT_DOCUMENT_NUMBER_MAX,
  TRANSPORT_MODE_LABELS,
  TRANSPORT_MODES,
  TRANSPORTER_NAME_MAX,
  VEHICLE_TYPE_LABELS,
  VEHICLE_TYPES,
} from "@bahi/domain";
import { Fieldset, Grid } from "@mantine/core";
import { DateInput } from "../../../components/inputs/DateInput.tsx";
import { SelectInput } from "../../../components/inputs/SelectInput.tsx";
import { TextField } from "../../../components/inputs/TextField.tsx";
import type { DocumentForm, TransportForm } from "../model/document-form.ts";
import type { SectionProps } from "./section-props.ts";

const MODE_OPTIONS = TRANSPORT_MODES.map((mode) => ({
  value: mode,
  label: TRANSPORT_MODE_LABELS[mode],
}));
const VEHICLE_TYPE_OPTIONS = VEHICLE_TYPES.map((type) => ({
  value: type,
  label: VEHICLE_TYPE_LABELS[type],
}));

/**
 * Transport Details (issue 24): the transporter, mode, vehicle, distance and the transport
 * document, for the e-way bill and the printed document. Shown on the types that carry goods when
 * their document settings show transport details.
 */
export function TransportSection({
  form,
  update,
  errors,
  context,
  readOnly,
}: SectionProps<DocumentForm>) {
  const transport = form.transport;
  const set = <K extends keyof TransportForm>(key: K, value: TransportForm[K]) =>
    update((current) => ({ ...current, transport: { ...current.transport, [key]: value } }));
  const error = (key: keyof TransportForm) => errors[`transport.${key}`];
  const road = transport.mode === "" || transport.mode === "road";
  return (
    <Fieldset legend="Transport Details" aria-label="Transport Details" disabled={readOnly}>
      <Grid columns={24}>
        <Grid.Col span={{ base: 24, md: 6 }}>
          <TextField
            label="Transporter Name"
            value={transport.transporterName}
            onChange={(value) => set("transporterName", value)}
            maxChars={TRANSPORTER_NAME_MAX}
            error={error("transporterName")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 6 }}>
          <TextField
            label="Transporter ID"
            description="GSTIN or TRANSIN"
            value={transport.transporterId}
            onChange={(value) => set("transporterId", value)}
            caseMode="capital"
            maxChars={15}
            error={error("transporterId")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SelectInput
            label="Mode of Transport"
            data={MODE_OPTIONS}
            value={transport.mode || null}
            onChange={(value) => set("mode", value ?? "")}
            clearable
            error={error("mode")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextField
            label="Distance (km)"
            inputMode="numeric"
            value={transport.distanceKm}
            onChange={(value) => set("distanceKm", value.replace(/[^0-9]/g, ""))}
            maxChars={String(TRANSPORT_DISTANCE_MAX).length}
            error={error("distanceKm")}
          />
        </Grid.Col>
        {road && (
          <>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextField
                label="Vehicle No."
                placeholder="KA01AB1234"
                value={transport.vehicleNumber}
                onChange={(value) => set("vehicleNumber", value)}
                caseMode="capital"
                maxChars={20}
                error={error("vehicleNumber")}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <SelectInput
                label="Vehicle Type"
                data={VEHICLE_TYPE_OPTIONS}
                value={transport.vehicleType || null}
                onChange={(value) => set("vehicleType", value ?? "")}
                clearable
                error={error("vehicleType")}
              />
            </Grid.Col>
          </>
        )}
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextField
            label="Transport Doc. No."
            description="LR, RR or airway bill"
            value={transport.documentNumber}
            onChange={(value) => set("documentNumber", value)}
            maxChars={TRANSPORT_DOCUMENT_NUMBER_MAX}
            error={error("documentNumber")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DateInput
            label="Transport Doc. Date"
            value={transport.documentDate === "" ? null : transport.documentDate}
            onChange={(date) => set("documentDate", date ?? "")}
            financialYear={context.year}
            today={context.today}
            error={error("documentDate")}
          />
        </Grid.Col>
      </Grid>
    </Fieldset>
  );
}
