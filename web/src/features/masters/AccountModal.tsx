import {
  ACCOUNT_ADDRESS_MAX,
  ACCOUNT_DISPLAY_NAME_MAX,
  ACCOUNT_NAME_MAX,
  ACCOUNT_NATURES,
  type AccountNature,
  CITY_MAX,
  formatDateDisplay,
  GST_REGISTRATION_TYPES,
  type GstRegistrationType,
  isGstRateNature,
  isItcBlockableNature,
  isPartyNature,
  isValidGstin,
  MOBILE_LENGTH,
  type OpeningBalanceType,
  STATES,
} from "@bahi/domain";
import { Alert, Checkbox, Grid, Group, Modal, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { describeErrorMessage } from "../../api/errors.ts";
import { notify } from "../../app/notify.tsx";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { AmountInput } from "../../components/inputs/AmountInput.tsx";
import { GstinInput } from "../../components/inputs/GstinInput.tsx";
import { GstRateSelect } from "../../components/inputs/GstRateSelect.tsx";
import type { AccountModalRequest } from "../../components/inputs/master-modals.ts";
import { SelectInput } from "../../components/inputs/SelectInput.tsx";
import { TextAreaField } from "../../components/inputs/TextAreaField.tsx";
import { TextField } from "../../components/inputs/TextField.tsx";
import { describeCount } from "../../components/inputs/text-case.ts";
import { DEDUCTEE_TYPE_OPTIONS, TDS_SECTION_OPTIONS } from "../tds/tds-options.ts";
import {
  type AccountFormValues,
  applyGstinLookup,
  changeGstin,
  changeNature,
  emptyAccountForm,
  formFromAccount,
  isGstinCancelled,
  isGstStatusAlarming,
  isStateLocked,
  takesTds,
  toAccountPayload,
  typeMobile,
  validateAccountForm,
} from "./account-form.ts";
import { MasterModalForm, MasterNameField } from "./MasterModalForm.tsx";
import { MasterRecordLoader } from "./MasterRecordLoader.tsx";
import {
  addAccount,
  checkGstinPresent,
  editAccount,
  fetchAccount,
  lookupGstin,
  MASTER_TOASTS,
  refreshAccounts,
} from "./masters.api.ts";
import { useMasterForm } from "./use-master-form.ts";

/** spec 5: the non-blocking warnings of the GSTIN. */
export function describeGstinUsedBy(accountName: string): string {
  return `This GSTIN is already used by the account “${accountName}”. You can still save.`;
}

export function describeGstinCancelled(cancelDate: string): string {
  const when = /^\d{4}-\d{2}-\d{2}$/.test(cancelDate)
    ? ` from ${formatDateDisplay(cancelDate)}`
    : "";
  return `This GSTIN is cancelled${when}. Sales invoices dated after the cancellation cannot be uploaded in GSTR-1.`;
}

const NATURE_OPTIONS = ACCOUNT_NATURES.map((nature) => ({ value: nature, label: nature }));
const GST_TYPE_OPTIONS = GST_REGISTRATION_TYPES.map((type) => ({
  value: type.value,
  label: type.label,
}));
const STATE_OPTIONS = STATES.map((state) => ({
  value: state.code,
  label: `${state.code} - ${state.name}`,
}));
const SIDE_OPTIONS = [
  { value: "dr", label: "Dr" },
  { value: "cr", label: "Cr" },
];

/**
 * spec 2.8 Add/Edit Account and spec 4 "Account modal": Save & Close and Save & New in add mode,
 * Update in edit mode; the nature decides which fields exist; a 15-character GSTIN sets the
 * state (locked), fills PAN and is looked up; the name is checked on leaving it; a GSTIN used by
 * another account or cancelled is a warning, not a refusal. Enter saves (a text area keeps it for
 * new lines), Esc closes.
 */
export function AccountModal({
  request,
  onClose,
}: {
  request: AccountModalRequest;
  onClose: () => void;
}) {
  const { organisation } = useOrganisationScope();
  const editing = request.mode === "edit" ? request.accountId : null;
  const title = editing ? "Edit Account" : "Add Account";
  return (
    <Modal opened onClose={onClose} title={title} size="xl" closeOnClickOutside={false}>
      {editing ? (
        <MasterRecordLoader
          queryKey={["account", organisation._id, editing]}
          load={() => fetchAccount(organisation._id, editing)}
        >
          {(account) => (
            <AccountForm
              request={request}
              initial={formFromAccount(account)}
              accountId={editing}
              version={account.version}
              natureLocked={account.isSystem}
              onClose={onClose}
            />
          )}
        </MasterRecordLoader>
      ) : (
        <AccountForm
          request={request}
          initial={{
            ...emptyAccountForm(request.mode === "add" ? (request.nature ?? "") : ""),
            name: request.mode === "add" ? (request.name ?? "") : "",
          }}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function AccountForm({
  request,
  initial,
  accountId,
  version,
  natureLocked = false,
  onClose,
}: {
  request: AccountModalRequest;
  initial: AccountFormValues;
  accountId?: string;
  version?: number;
  /** The books' own accounts (Cash, Sales, the GST ledgers) keep their nature. */
  natureLocked?: boolean;
  onClose: () => void;
}) {
  const { organisation } = useOrganisationScope();
  const organisationId = organisation._id;
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [gstinUsedBy, setGstinUsedBy] = useState<string | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const latestGstin = useRef(initial.gstin);

  const orgContext = {
    gstRegistered: organisation.gstRegistered,
    gstRegType: organisation.gstRegType ?? "",
  };
  const form = useMasterForm({
    organisationId,
    recordId: accountId,
    values,
    setValues,
    validate: (current) => validateAccountForm(current, orgContext),
    persist: async () => {
      const payload = toAccountPayload(values, organisationId);
      const answer = accountId
        ? await editAccount({ ...payload, accountId, ...(version ? { version } : {}) })
        : await addAccount(payload);
      const toast = accountId ? MASTER_TOASTS.accountEdited : MASTER_TOASTS.accountAdded;
      notify({ type: "success", ...toast });
      void refreshAccounts(queryClient, organisationId);
      void queryClient.invalidateQueries({ queryKey: ["account", organisationId] });
      request.onSaved?.(answer.account);
    },
    onSavedForMore: (nameInput) => {
      latestGstin.current = "";
      setValues(emptyAccountForm(request.mode === "add" ? (request.nature ?? "") : ""));
      setGstinUsedBy(null);
      nameInput?.focus();
    },
    onClose,
  });
  const { errors, update, field } = form;

  const party = isPartyNature(values.nature);
  const stateLocked = isStateLocked(values);

  async function checkGstinUse(gstin: string) {
    const answer = await checkGstinPresent(organisationId, gstin, accountId).catch(() => null);
    if (latestGstin.current !== gstin) return;
    setGstinUsedBy(answer?.alreadyPresent ? (answer.accountName ?? "") : null);
  }

  // An account opened for editing says at once when its GSTIN is another account's too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the GSTIN it opened with
  useEffect(() => {
    if (isValidGstin(initial.gstin)) void checkGstinUse(initial.gstin);
  }, []);

  async function lookUp(gstin: string) {
    setLookingUp(true);
    void checkGstinUse(gstin);
    try {
      const record = await lookupGstin(organisationId, gstin);
      if (latestGstin.current !== gstin) return;
      setValues((current) =>
        current.gstin === gstin ? applyGstinLookup(current, record) : current,
      );
    } catch (error) {
      // spec/api.md §8: a failed lookup shows the server's message or 'Something went wrong.'
      if (latestGstin.current === gstin)
        notify({ type: "danger", title: describeErrorMessage(error) });
    } finally {
      if (latestGstin.current === gstin) setLookingUp(false);
    }
  }

  function onGstinChange(gstin: string) {
    latestGstin.current = gstin;
    setGstinUsedBy(null);
    setLookingUp(false);
    update((current) => changeGstin(current, gstin), ["gstin", "state", "pan"]);
    if (gstin.length === 15 && isValidGstin(gstin)) void lookUp(gstin);
  }

  const cancelled = party && values.gstin !== "" && isGstinCancelled(values);
  const span = { base: 24, sm: 12 };

  return (
    <MasterModalForm
      form={form}
      organisationId={organisationId}
      customFieldsFor="account"
      editing={Boolean(accountId)}
      moreLabel="Save & New"
    >
      <Grid columns={24} gap="sm">
        <Grid.Col span={span}>
          <MasterNameField form={form} label="Account Name" maxChars={ACCOUNT_NAME_MAX} />
        </Grid.Col>
        <Grid.Col span={span}>
          <SelectInput
            label="Nature of Account"
            required
            placeholder="Select nature"
            data={NATURE_OPTIONS}
            value={values.nature || null}
            disabled={natureLocked}
            description={natureLocked ? "A system account keeps its nature" : undefined}
            onChange={(nature) =>
              update(
                (current) => changeNature(current, (nature as AccountNature | null) ?? ""),
                ["nature"],
              )
            }
            error={errors.nature}
          />
        </Grid.Col>
        {party && (
          <>
            <Grid.Col span={span}>
              <GstinInput
                value={values.gstin}
                onChange={onGstinChange}
                loading={lookingUp}
                error={errors.gstin}
              />
            </Grid.Col>
            <Grid.Col span={span}>
              <SelectInput
                label="GST Registration Type"
                placeholder="Select type"
                data={GST_TYPE_OPTIONS}
                value={values.gstType || null}
                onChange={(gstType) =>
                  update(
                    (current) => ({
                      ...current,
                      gstType: (gstType as GstRegistrationType | null) ?? "",
                    }),
                    ["gstType"],
                  )
                }
                error={errors.gstType}
              />
            </Grid.Col>
          </>
        )}
        {party && values.gstin !== "" && (
          <Grid.Col span={24}>
            <GstinDetails values={values} />
          </Grid.Col>
        )}
        {party && gstinUsedBy !== null && (
          <Grid.Col span={24}>
            <Alert color="orange" variant="light" title="GSTIN already used">
              {describeGstinUsedBy(gstinUsedBy)}
            </Alert>
          </Grid.Col>
        )}
        {cancelled && (
          <Grid.Col span={24}>
            <Alert color="orange" variant="light" title="GSTIN cancelled">
              {describeGstinCancelled(values.gstCanDate)}
            </Alert>
          </Grid.Col>
        )}
        {party && (
          <>
            <Grid.Col span={{ base: 24, sm: 8 }}>
              <SelectInput
                label="State"
                placeholder="Select state"
                data={STATE_OPTIONS}
                value={values.state || null}
                disabled={stateLocked}
                description={stateLocked ? "Set by the GSTIN" : undefined}
                onChange={(state) =>
                  update((current) => ({ ...current, state: state ?? "" }), ["state"])
                }
                error={errors.state}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextField label="PAN" caseMode="capital" maxChars={10} {...field("pan")} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextField label="TAN" caseMode="capital" maxChars={10} {...field("tan")} />
            </Grid.Col>
          </>
        )}
        <Grid.Col span={span}>
          <TextField
            label="Display Name"
            maxChars={ACCOUNT_DISPLAY_NAME_MAX}
            {...field("displayName")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 14, sm: 7 }}>
          <AmountInput
            label="Opening Balance"
            {...field("openingBalancePaise", "openingBalance")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 10, sm: 5 }}>
          <SelectInput
            label="Opening Balance Type"
            placeholder="Dr / Cr"
            data={SIDE_OPTIONS}
            value={values.openingBalanceType || null}
            onChange={(side) =>
              update(
                (current) => ({
                  ...current,
                  openingBalanceType: (side as OpeningBalanceType | null) ?? "",
                }),
                ["openingBalanceType"],
              )
            }
            error={errors.openingBalanceType}
          />
        </Grid.Col>
        {isGstRateNature(values.nature) && (
          <Grid.Col span={span}>
            <GstRateSelect {...field("gstRate")} clearable />
          </Grid.Col>
        )}
        {isItcBlockableNature(values.nature) && (
          <Grid.Col span={24}>
            <Checkbox
              label="ITC not eligible (section 17(5))"
              description="Input tax on purchases booked here is blocked credit: GSTR-3B reverses it in 4B(1)."
              checked={values.itcNotEligible}
              onChange={(event) => {
                const itcNotEligible = event.currentTarget.checked;
                update((current) => ({ ...current, itcNotEligible }), []);
              }}
            />
          </Grid.Col>
        )}
        {takesTds(values.nature) && (
          <>
            <Grid.Col span={span}>
              <SelectInput
                label="TDS Section"
                placeholder="No TDS"
                clearable
                data={TDS_SECTION_OPTIONS}
                value={values.tdsSection || null}
                onChange={(tdsSection) =>
                  update(
                    (current) => ({ ...current, tdsSection: tdsSection ?? "" }),
                    ["tdsSection"],
                  )
                }
                error={errors.tdsSection}
              />
            </Grid.Col>
            <Grid.Col span={span}>
              <SelectInput
                label="Deductee Type"
                placeholder="From the PAN"
                clearable
                data={DEDUCTEE_TYPE_OPTIONS}
                value={values.deducteeType || null}
                onChange={(deducteeType) =>
                  update(
                    (current) => ({ ...current, deducteeType: deducteeType ?? "" }),
                    ["deducteeType"],
                  )
                }
                error={errors.deducteeType}
              />
            </Grid.Col>
            {values.tdsSection !== "" && (
              <>
                <Grid.Col span={span}>
                  <TextField
                    label="Lower Deduction Certificate No."
                    value={values.certificateNumber}
                    onChange={(certificateNumber) =>
                      update(
                        (current) => ({ ...current, certificateNumber }),
                        ["lowerDeductionCertificate.certificateNumber"],
                      )
                    }
                    error={errors["lowerDeductionCertificate.certificateNumber"]}
                  />
                </Grid.Col>
                {values.certificateNumber.trim() !== "" && (
                  <>
                    <Grid.Col span={span}>
                      <TextField
                        label="Certificate Rate (%)"
                        inputMode="decimal"
                        value={values.certificateRate}
                        onChange={(certificateRate) =>
                          update(
                            (current) => ({ ...current, certificateRate }),
                            ["lowerDeductionCertificate.rate"],
                          )
                        }
                        error={errors["lowerDeductionCertificate.rate"]}
                      />
                    </Grid.Col>
                    <Grid.Col span={span}>
                      <TextField
                        label="Certificate Valid From (YYYY-MM-DD)"
                        value={values.certificateFrom}
                        onChange={(certificateFrom) =>
                          update(
                            (current) => ({ ...current, certificateFrom }),
                            ["lowerDeductionCertificate.validFrom"],
                          )
                        }
                        error={errors["lowerDeductionCertificate.validFrom"]}
                      />
                    </Grid.Col>
                    <Grid.Col span={span}>
                      <TextField
                        label="Certificate Valid To (YYYY-MM-DD)"
                        value={values.certificateTo}
                        onChange={(certificateTo) =>
                          update(
                            (current) => ({ ...current, certificateTo }),
                            ["lowerDeductionCertificate.validTo"],
                          )
                        }
                        error={errors["lowerDeductionCertificate.validTo"]}
                      />
                    </Grid.Col>
                    <Grid.Col span={span}>
                      <AmountInput
                        label="Certificate Limit"
                        value={values.certificateLimitPaise}
                        onChange={(certificateLimitPaise) =>
                          update(
                            (current) => ({ ...current, certificateLimitPaise }),
                            ["lowerDeductionCertificate.limit"],
                          )
                        }
                        error={errors["lowerDeductionCertificate.limit"]}
                      />
                    </Grid.Col>
                  </>
                )}
              </>
            )}
          </>
        )}
        {party && (
          <>
            <Grid.Col span={span}>
              <TextField
                label="Mobile Number"
                inputMode="numeric"
                rightSection={
                  <Text size="xs" c="dimmed" aria-live="polite">
                    {describeCount(values.mobileNo.length, MOBILE_LENGTH)}
                  </Text>
                }
                value={values.mobileNo}
                onChange={(mobile) =>
                  update((current) => ({ ...current, mobileNo: typeMobile(mobile) }), ["mobileNo"])
                }
                error={errors.mobileNo}
              />
            </Grid.Col>
            <Grid.Col span={span}>
              <TextField label="Email" type="email" {...field("email")} />
            </Grid.Col>
            <Grid.Col span={span}>
              <TextAreaField
                label="Billing Address"
                maxChars={ACCOUNT_ADDRESS_MAX}
                {...field("billingAddress")}
              />
            </Grid.Col>
            <Grid.Col span={span}>
              <TextAreaField
                label="Shipping Address"
                maxChars={ACCOUNT_ADDRESS_MAX}
                {...field("shippingAddress")}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField label="Billing City" maxChars={CITY_MAX} {...field("billingCity")} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                label="Billing Pincode"
                inputMode="numeric"
                maxChars={6}
                {...field("billingPincode")}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField label="Shipping City" maxChars={CITY_MAX} {...field("shippingCity")} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField
                label="Shipping Pincode"
                inputMode="numeric"
                maxChars={6}
                {...field("shippingPincode")}
              />
            </Grid.Col>
            <Grid.Col span={24}>
              <Group gap="lg">
                <Checkbox
                  label="Reverse charge on sales"
                  checked={values.rcmSales}
                  onChange={(event) => {
                    const rcmSales = event.currentTarget.checked;
                    update((current) => ({ ...current, rcmSales }), []);
                  }}
                />
                <Checkbox
                  label="Reverse charge on purchases"
                  checked={values.rcmPurchase}
                  onChange={(event) => {
                    const rcmPurchase = event.currentTarget.checked;
                    update((current) => ({ ...current, rcmPurchase }), []);
                  }}
                />
              </Group>
            </Grid.Col>
          </>
        )}
      </Grid>
    </MasterModalForm>
  );
}

/** Registration date, status (red when cancelled or inactive, spec 5) and cancel date. */
function GstinDetails({ values }: { values: AccountFormValues }) {
  const parts: ReactNode[] = [];
  if (values.gstinname)
    parts.push(
      <Text key="name" size="sm">
        Legal name: {values.gstinname}
      </Text>,
    );
  if (values.gstRegDate)
    parts.push(
      <Text key="registered" size="sm">
        Registered on {formatDateDisplay(values.gstRegDate)}
      </Text>,
    );
  if (values.gstRegStatus)
    parts.push(
      <Text
        key="status"
        size="sm"
        fw={600}
        c={isGstStatusAlarming(values.gstRegStatus) ? "red" : "green"}
        data-testid="gst-status"
      >
        GST Status: {values.gstRegStatus}
      </Text>,
    );
  if (values.gstCanDate)
    parts.push(
      <Text key="cancelled" size="sm" c="red">
        Cancelled on {formatDateDisplay(values.gstCanDate)}
      </Text>,
    );
  if (parts.length === 0) return null;
  return <Group gap="lg">{parts}</Group>;
}
