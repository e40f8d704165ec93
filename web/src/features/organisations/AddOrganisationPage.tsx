import { FINANCIAL_YEARS, ORGANISATION_NAME_MAX, todayCivil } from "@bahi/domain";
import {
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { describeErrorMessage, fieldErrorsOf } from "../../api/errors.ts";
import { notify } from "../../app/notify.tsx";
import { organisationStartPath } from "../../app/routes.ts";
import { useSession } from "../../app/session.tsx";
import { FormError } from "../../components/FormError.tsx";
import type { FieldErrors } from "../../components/form-validation.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import {
  type AddOrganisationValues,
  BILLING_ADDRESS_MAX,
  buildNewOrganisation,
  checkAddOrganisation,
  emptyAddOrganisationValues,
} from "./add-organisation-form.ts";
import { OrganisationGstFields } from "./OrganisationGstFields.tsx";
import { addOrganisation, useRefreshOrganisations } from "./organisations.api.ts";

const DEALS_IN = [
  { value: "goods", label: "Goods" },
  { value: "services", label: "Services" },
  { value: "both", label: "Goods and services" },
];

/** spec 2.2 /add-organisation; on success the new organisation's start page opens. */
export function AddOrganisationPage() {
  usePageTitle("Add Organisation");
  const navigate = useNavigate();
  const refresh = useRefreshOrganisations();
  const { organisations } = useSession();
  const [values, setValues] = useState(() => emptyAddOrganisationValues(todayCivil()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<AddOrganisationValues>) =>
    setValues((current) => ({ ...current, ...patch }));

  async function submit() {
    const problems = checkAddOrganisation(values);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const payload = buildNewOrganisation(values);
      const answer = await addOrganisation(payload);
      // The session must know the organisation before its pages open.
      await refresh();
      notify({ type: "success", title: "Organisation added", message: payload.name });
      await navigate(
        organisationStartPath({ _id: answer.organisationId, startingYear: payload.startingYear }),
      );
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? null : describeErrorMessage(error));
      setSaving(false);
    }
  }

  return (
    <Container size="sm">
      <Paper
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        withBorder
        p="lg"
      >
        <Stack>
          <Title order={1} fz="h2">
            Add Organisation
          </Title>
          <TextInput
            label="Organisation name"
            required
            maxLength={ORGANISATION_NAME_MAX}
            value={values.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={errors.name}
            data-autofocus
            autoFocus
          />
          <OrganisationGstFields values={values} errors={errors} onChange={set} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Starting year"
              description="The first financial year kept in Bahi"
              data={[...FINANCIAL_YEARS]}
              value={values.startingYear}
              allowDeselect={false}
              onChange={(value) => value && set({ startingYear: value })}
              error={errors.startingYear}
            />
            <Select
              label="Mainly deals in"
              placeholder="Choose"
              data={DEALS_IN}
              value={values.mainlyDealsIn || null}
              clearable
              onChange={(value) =>
                set({ mainlyDealsIn: (value as AddOrganisationValues["mainlyDealsIn"]) ?? "" })
              }
              error={errors.mainlyDealsIn}
            />
          </SimpleGrid>
          <Switch
            label="Manage inventory"
            description="Keep stock items and closing stock"
            checked={values.manageInventory}
            onChange={(event) => set({ manageInventory: event.currentTarget.checked })}
          />
          <Switch
            label="Bill-wise entry"
            description="Match receipts and payments against invoices"
            checked={values.billWiseEntry}
            onChange={(event) => set({ billWiseEntry: event.currentTarget.checked })}
          />
          <Textarea
            label="Billing address"
            autosize
            minRows={2}
            maxLength={BILLING_ADDRESS_MAX}
            value={values.billingAddress}
            onChange={(event) => set({ billingAddress: event.currentTarget.value })}
            description={`${values.billingAddress.length} / ${BILLING_ADDRESS_MAX}`}
            error={errors.billingAddress}
          />
          <FormError message={failure} />
          <Group justify="flex-end">
            {organisations.length > 0 && (
              <Button component={Link} to="/organisations" variant="default">
                Cancel
              </Button>
            )}
            <Button type="submit" loading={saving}>
              Add Organisation
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
