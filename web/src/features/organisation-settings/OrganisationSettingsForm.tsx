import { FINANCIAL_YEARS } from "@bahi/domain";
import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeErrorMessage, fieldErrorsOf } from "../../api/errors.ts";
import { notify } from "../../app/notify.tsx";
import { FormError } from "../../components/FormError.tsx";
import type { FieldErrors } from "../../components/form-validation.ts";
import { IndianDateField } from "../../components/inputs/IndianDateField.tsx";
import { refreshOrganisations } from "../organisations/organisations.api.ts";
import { ImageField } from "./ImageField.tsx";
import {
  type ImageKind,
  type OrganisationSettings,
  organisationSettingsKey,
  removeOrganisationFile,
  saveOrganisationSettings,
} from "./organisation-settings.api.ts";
import {
  buildSettingsForm,
  checkSettings,
  describeEWayBillThreshold,
  pickSettingsValues,
  type SettingsValues,
  TEXT_LIMITS,
} from "./settings-form.ts";

export function OrganisationSettingsForm({ settings }: { settings: OrganisationSettings }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => pickSettingsValues(settings));
  const [files, setFiles] = useState<Partial<Record<ImageKind, File>>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<ImageKind | null>(null);
  const set = (patch: Partial<SettingsValues>) =>
    setValues((current) => ({ ...current, ...patch }));
  const text = (
    name:
      | "mobile"
      | "email"
      | "signatoryName"
      | "lineAboveSignature"
      | "bankName"
      | "bankAccountNumber"
      | "bankIfsc"
      | "bankBranch"
      | "billingCity"
      | "billingPincode"
      | "tan"
      | "eInvoiceFrom",
  ) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      set({ [name]: event.currentTarget.value }),
  });
  const saved = (next: OrganisationSettings) =>
    queryClient.setQueryData(organisationSettingsKey(settings.organisationId), next);

  async function submit() {
    const problems = checkSettings(values);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      saved(
        await saveOrganisationSettings(buildSettingsForm(settings.organisationId, values, files)),
      );
      setFiles({});
      // Bill-wise entry is a flag of the organisation itself (lists show a status column by it).
      await refreshOrganisations(queryClient);
      notify({ type: "success", title: "Settings saved" });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? null : describeErrorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  async function removeSaved(kind: ImageKind) {
    setRemoving(kind);
    try {
      saved(await removeOrganisationFile(settings.organisationId, kind));
      notify({ type: "success", title: kind === "logo" ? "Logo removed" : "Signature removed" });
    } catch {
      // The client has shown the error toast.
    } finally {
      setRemoving(null);
    }
  }

  const image = (kind: ImageKind, label: string, savedUrl: string | null) => (
    <ImageField
      label={label}
      savedUrl={savedUrl}
      file={files[kind] ?? null}
      onFileChange={(file) => setFiles((current) => ({ ...current, [kind]: file ?? undefined }))}
      onRemoveSaved={() => void removeSaved(kind)}
      removing={removing === kind}
      disabled={saving}
    />
  );

  return (
    <Paper
      component="form"
      noValidate
      withBorder
      p="lg"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Textarea
          label="Billing address"
          autosize
          minRows={2}
          maxLength={TEXT_LIMITS.billingAddress}
          value={values.billingAddress}
          onChange={(event) => set({ billingAddress: event.currentTarget.value })}
          error={errors.billingAddress}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="City" maxLength={TEXT_LIMITS.billingCity} {...text("billingCity")} />
          <TextInput
            label="Pincode"
            inputMode="numeric"
            maxLength={6}
            {...text("billingPincode")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Mobile" type="tel" inputMode="numeric" {...text("mobile")} />
          <TextInput
            label="Email"
            type="email"
            description="Mail sent from Bahi goes in the organisation's name; replies come here."
            {...text("email")}
          />
          <TextInput
            label="Signatory name"
            maxLength={TEXT_LIMITS.signatoryName}
            {...text("signatoryName")}
          />
          <TextInput
            label="Line above signature"
            maxLength={TEXT_LIMITS.lineAboveSignature}
            {...text("lineAboveSignature")}
          />
        </SimpleGrid>
        {settings.gstin && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="GST filing frequency"
              description="Quarterly under QRMP files IFF in the first two months of a quarter"
              data={[
                { value: "monthly", label: "Monthly" },
                { value: "quarterly", label: "Quarterly (QRMP)" },
              ]}
              value={values.gstFilingFrequency}
              allowDeselect={false}
              onChange={(value) =>
                value && set({ gstFilingFrequency: value as SettingsValues["gstFilingFrequency"] })
              }
            />
            <TextInput
              label="Previous year's aggregate turnover (₹)"
              description="Above ₹5 crore, GSTR-1 needs 6-digit HSN codes"
              inputMode="decimal"
              value={values.previousYearTurnover}
              onChange={(event) => set({ previousYearTurnover: event.currentTarget.value })}
              error={errors.previousYearTurnover}
            />
            <TextInput
              label="E-way bill threshold within the state (₹)"
              description={describeEWayBillThreshold(settings)}
              inputMode="decimal"
              value={values.eWayBillIntraStateThreshold}
              onChange={(event) => set({ eWayBillIntraStateThreshold: event.currentTarget.value })}
              error={errors.eWayBillIntraStateThreshold}
            />
            <IndianDateField
              label="E-invoicing from"
              description="The date from which B2B invoices and notes go to the IRP; blank if not"
              value={values.eInvoiceFrom}
              error={errors.eInvoiceFrom}
              onChange={(date) => set({ eInvoiceFrom: date })}
            />
          </SimpleGrid>
        )}
        <Textarea
          label="QR text"
          description="Printed as a QR code on documents, for example your UPI payment link"
          autosize
          minRows={2}
          maxLength={TEXT_LIMITS.qrText}
          value={values.qrText}
          onChange={(event) => set({ qrText: event.currentTarget.value })}
          error={errors.qrText}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Bank name" maxLength={TEXT_LIMITS.bankName} {...text("bankName")} />
          <TextInput
            label="Bank account number"
            maxLength={TEXT_LIMITS.bankAccountNumber}
            {...text("bankAccountNumber")}
          />
          <TextInput label="IFSC" maxLength={TEXT_LIMITS.bankIfsc} {...text("bankIfsc")} />
          <TextInput
            label="Bank branch"
            maxLength={TEXT_LIMITS.bankBranch}
            {...text("bankBranch")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="TAN"
            description="Tax Deduction Account Number: quoted on TDS challans, the quarterly statement and certificates"
            maxLength={10}
            {...text("tan")}
            onChange={(event) => set({ tan: event.currentTarget.value.toUpperCase() })}
          />
          <Checkbox.Group
            label="Section 194Q applies in"
            description="The years whose previous year's turnover exceeded ₹10 crore: TDS of 0.1% on purchases of goods over ₹50 lakh from a seller"
            value={values.tds194QYears}
            onChange={(years) => set({ tds194QYears: [...years].sort() })}
          >
            <Group gap="sm" mt="xs">
              {FINANCIAL_YEARS.map((year) => (
                <Checkbox key={year} value={year} label={year} />
              ))}
            </Group>
          </Checkbox.Group>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Switch
            label="Bill-wise entry"
            checked={values.billWiseEntry}
            onChange={(event) => set({ billWiseEntry: event.currentTarget.checked })}
          />
          <Switch
            label="Show logo on documents"
            checked={values.showLogo}
            onChange={(event) => set({ showLogo: event.currentTarget.checked })}
          />
          <Switch
            label="Show signature on documents"
            checked={values.showSignature}
            onChange={(event) => set({ showSignature: event.currentTarget.checked })}
          />
        </SimpleGrid>
        <Group align="flex-start" gap="xl">
          {image("logo", "Logo", settings.logoUrl)}
          {image("signature", "Signature", settings.signatureUrl)}
        </Group>
        <FormError message={failure} />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
