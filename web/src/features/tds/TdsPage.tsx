import {
  financialYearOf,
  formatAmount,
  isCashOrBankNature,
  paiseToRupees,
  rupeesToPaise,
  TDS_SECTION_CODES,
  todayCivil,
} from "@bahi/domain";
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeErrorMessage } from "../../api/errors.ts";
import { notify } from "../../app/notify.tsx";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { useActiveAccounts } from "../../components/inputs/account-options.ts";
import { SelectInput } from "../../components/inputs/SelectInput.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { saveResponse } from "../reports/download.ts";
import {
  type ChallanInterest,
  createTdsChallan,
  fetchChallanInterest,
  fetchTdsCertificate,
  fetchTdsChallans,
  fetchTdsReport,
  fetchTdsStatementFile,
  type TdsReportRow,
} from "./tds.api.ts";

const money = (rupees: number) => formatAmount(rupeesToPaise(rupees));
const QUARTERS = [
  { value: "1", label: "Q1 Apr–Jun" },
  { value: "2", label: "Q2 Jul–Sep" },
  { value: "3", label: "Q3 Oct–Dec" },
  { value: "4", label: "Q4 Jan–Mar" },
];

/** The quarter a date falls in, April–June first. */
export function quarterOfDate(date: string): number {
  const month = Number(date.slice(5, 7));
  return month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4;
}

/**
 * tds (issue 39): the quarter's statement (deductee rows, flagged problems, totals, the RPU
 * workbook, each deductee's certificate) and the challans (list and a new one).
 */
export function TdsPage() {
  usePageTitle("TDS");
  const { organisation, year } = useOrganisationScope();
  const today = todayCivil();
  const [quarter, setQuarter] = useState(
    String(financialYearOf(today) === year ? quarterOfDate(today) : 1),
  );
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Title order={2}>TDS</Title>
        <Tabs defaultValue="statement" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="statement">Quarterly Statement</Tabs.Tab>
            <Tabs.Tab value="challans">Challans</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="statement" pt="md">
            <Stack gap="sm">
              <SegmentedControl
                data={QUARTERS}
                value={quarter}
                onChange={setQuarter}
                aria-label="Quarter"
              />
              <Statement organisationId={organisation._id} year={year} quarter={Number(quarter)} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="challans" pt="md">
            <Stack gap="sm">
              <SegmentedControl
                data={QUARTERS}
                value={quarter}
                onChange={setQuarter}
                aria-label="Quarter of deductions"
              />
              <Challans organisationId={organisation._id} year={year} quarter={Number(quarter)} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

function useReport(organisationId: string, year: string, quarter: number) {
  return useQuery({
    queryKey: ["tds-report", organisationId, year, quarter],
    queryFn: () => fetchTdsReport({ organisationId, year, quarter }),
  });
}

async function download(fetchFile: () => Promise<unknown>, fallback: string) {
  try {
    const response = await fetchFile();
    if (response instanceof Response) await saveResponse(response, fallback);
  } catch (error) {
    notify({
      type: "danger",
      title: "Not able to download file!",
      message: describeErrorMessage(error),
    });
  }
}

function Statement(props: { organisationId: string; year: string; quarter: number }) {
  const { organisationId, year, quarter } = props;
  const report = useReport(organisationId, year, quarter);
  if (report.isPending) return <Text c="dimmed">Loading…</Text>;
  if (!report.data) return <Text c="red">The statement could not be read.</Text>;
  const { rows, totals, form, deductor } = report.data;
  const tanMissing = (deductor?.problems.length ?? 0) > 0;
  const deductees = [...new Map(rows.map((row) => [row.accountId, row.name])).entries()];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text>
          {form}, {year} Q{quarter}: {totals.count} deduction{totals.count === 1 ? "" : "s"}
          {deductor?.tan ? ` · TAN ${deductor.tan}` : ""}
        </Text>
        <Button
          onClick={() =>
            download(
              () => fetchTdsStatementFile({ organisationId, year, quarter }),
              `26Q_${year}_Q${quarter}.xlsx`,
            )
          }
          disabled={rows.length === 0 || tanMissing}
        >
          Download for RPU
        </Button>
      </Group>
      {tanMissing && (
        <Alert color="red" title="TAN missing" role="alert">
          {deductor?.problems.join(" ")}
        </Alert>
      )}
      {totals.missingPan > 0 && (
        <Alert color="orange" title="PAN missing">
          {totals.missingPan} deduction{totals.missingPan === 1 ? " has" : "s have"} no valid PAN:
          reported as PANNOTAVBL at 20%.
        </Alert>
      )}
      <Table striped withTableBorder aria-label="Deductee rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Entry</Table.Th>
            <Table.Th>Deductee</Table.Th>
            <Table.Th>PAN</Table.Th>
            <Table.Th>Section</Table.Th>
            <Table.Th ta="right">Amount paid / credited</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">TDS</Table.Th>
            <Table.Th>Challan</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}>No deductions in this quarter.</Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => (
            <StatementRow key={row.entryId} row={row} />
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={5}>Total</Table.Th>
            <Table.Th ta="right">{money(totals.amountPaid)}</Table.Th>
            <Table.Th />
            <Table.Th ta="right" data-testid="tds-total">
              {money(totals.tds)}
            </Table.Th>
            <Table.Th>
              {totals.notDeposited > 0
                ? `${money(totals.notDeposited)} not deposited`
                : "All deposited"}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {deductees.length > 0 && (
        <Paper withBorder p="sm">
          <Text fw={600} mb="xs">
            Certificates (Form 16A layout)
          </Text>
          <Group gap="xs">
            {deductees.map(([accountId, name]) => (
              <Button
                key={accountId}
                size="xs"
                variant="light"
                onClick={() =>
                  download(
                    () => fetchTdsCertificate({ organisationId, year, quarter, accountId }),
                    `TDS_certificate_${name}.pdf`,
                  )
                }
              >
                {name}
              </Button>
            ))}
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

function StatementRow({ row }: { row: TdsReportRow }) {
  return (
    <Table.Tr>
      <Table.Td>{row.date}</Table.Td>
      <Table.Td>{row.number}</Table.Td>
      <Table.Td>{row.name}</Table.Td>
      <Table.Td>
        {row.panStatus === "valid" ? (
          row.pan
        ) : (
          <Badge color="red" variant="light">
            {row.panStatus === "missing" ? "PAN missing" : "PAN not valid"}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{row.section}</Table.Td>
      <Table.Td ta="right">{money(row.amountPaid)}</Table.Td>
      <Table.Td ta="right">{row.rate}%</Table.Td>
      <Table.Td ta="right">{money(row.tds)}</Table.Td>
      <Table.Td>
        {row.challan ? (
          `${row.challan.challanSerial} / ${row.challan.bsrCode} (${row.challan.date})`
        ) : (
          <Badge color="orange" variant="light">
            Not deposited
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function Challans(props: { organisationId: string; year: string; quarter: number }) {
  const { organisationId, year } = props;
  const challans = useQuery({
    queryKey: ["tds-challans", organisationId, year],
    queryFn: () => fetchTdsChallans({ organisationId, year }),
  });
  return (
    <Stack gap="md">
      <NewChallan {...props} />
      <Table striped withTableBorder aria-label="Challans">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Section</Table.Th>
            <Table.Th>BSR code</Table.Th>
            <Table.Th>Challan serial</Table.Th>
            <Table.Th ta="right">Tax</Table.Th>
            <Table.Th ta="right">Interest</Table.Th>
            <Table.Th ta="right">Fee</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(challans.data?.challans ?? []).length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={8}>No challans in {year}.</Table.Td>
            </Table.Tr>
          )}
          {(challans.data?.challans ?? []).map((challan) => (
            <Table.Tr key={challan.challanId}>
              <Table.Td>{challan.date}</Table.Td>
              <Table.Td>{challan.section}</Table.Td>
              <Table.Td>{challan.bsrCode}</Table.Td>
              <Table.Td>{challan.challanSerial}</Table.Td>
              <Table.Td ta="right">{money(challan.tax)}</Table.Td>
              <Table.Td ta="right">{money(challan.interest)}</Table.Td>
              <Table.Td ta="right">{money(challan.fee)}</Table.Td>
              <Table.Td ta="right">{money(challan.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** A new challan: one section's undeposited deductions of the quarter, ticked, and the bank's details. */
function NewChallan(props: { organisationId: string; year: string; quarter: number }) {
  const { organisationId, year, quarter } = props;
  const queryClient = useQueryClient();
  const report = useReport(organisationId, year, quarter);
  const accounts = useActiveAccounts(organisationId);
  const banks = (accounts.data ?? [])
    .filter((account) => isCashOrBankNature(account.nature))
    .map((account) => ({ value: account._id, label: account.name }));
  const [section, setSection] = useState<string | null>(null);
  const [date, setDate] = useState(todayCivil());
  const [bsrCode, setBsrCode] = useState("");
  const [challanSerial, setChallanSerial] = useState("");
  const [bankAccountId, setBankAccountId] = useState<string | null>(null);
  const [interest, setInterest] = useState<number>(0);
  const [fee, setFee] = useState<number>(0);
  const [ticked, setTicked] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const open = (report.data?.rows ?? []).filter(
    (row) => row.challan === null && (!section || row.section === section),
  );
  const chosen = open.filter((row) => ticked.includes(row.entryId));
  const taxPaise = chosen.reduce((sum, row) => sum + rupeesToPaise(row.tds), 0);
  const chosenIds = chosen.map((row) => row.entryId);
  const owed = useQuery({
    queryKey: ["tds-challan-interest", organisationId, section, date, chosenIds],
    queryFn: () =>
      fetchChallanInterest({ organisationId, date, section: section ?? "", entryIds: chosenIds }),
    enabled: section !== null && chosenIds.length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(date),
    retry: false,
  });
  const save = useMutation({
    mutationFn: () =>
      createTdsChallan({
        organisationId,
        date,
        bsrCode,
        challanSerial,
        section: section ?? "",
        tax: paiseToRupees(taxPaise),
        interest,
        fee,
        bankAccountId: bankAccountId ?? "",
        entryIds: chosen.map((row) => row.entryId),
      }),
    onSuccess: async () => {
      setProblem(null);
      setTicked([]);
      notify({ type: "success", title: "Challan", message: "Challan saved and posted." });
      await queryClient.invalidateQueries({ queryKey: ["tds-challans", organisationId] });
      await queryClient.invalidateQueries({ queryKey: ["tds-report", organisationId] });
    },
    onError: (error) => setProblem(describeErrorMessage(error)),
  });
  return (
    <Paper withBorder p="sm" aria-label="New challan">
      <Stack gap="xs">
        <Text fw={600}>New Challan</Text>
        <Group grow align="flex-start">
          <SelectInput
            label="Section"
            data={TDS_SECTION_CODES.map((code) => ({ value: code, label: code }))}
            value={section}
            onChange={(value) => {
              setSection(value);
              setTicked([]);
            }}
          />
          <TextInput
            label="Date of deposit"
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
          />
          <TextInput
            label="BSR code"
            value={bsrCode}
            onChange={(event) => setBsrCode(event.currentTarget.value)}
          />
          <TextInput
            label="Challan serial"
            value={challanSerial}
            onChange={(event) => setChallanSerial(event.currentTarget.value)}
          />
        </Group>
        <Group grow align="flex-start">
          <SelectInput
            label="Paid from"
            data={banks}
            value={bankAccountId}
            onChange={setBankAccountId}
          />
          <NumberInput
            label="Interest"
            min={0}
            decimalScale={2}
            value={interest}
            onChange={(value) => setInterest(Number(value) || 0)}
          />
          <NumberInput
            label="Fee"
            min={0}
            decimalScale={2}
            value={fee}
            onChange={(value) => setFee(Number(value) || 0)}
          />
        </Group>
        {section && open.length === 0 && (
          <Text size="sm">No undeposited {section} deductions in this quarter.</Text>
        )}
        {section &&
          open.map((row) => (
            <Checkbox
              key={row.entryId}
              label={`${row.date} ${row.number} ${row.name}: ₹${money(row.tds)}`}
              checked={ticked.includes(row.entryId)}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setTicked((current) =>
                  on ? [...current, row.entryId] : current.filter((id) => id !== row.entryId),
                );
              }}
            />
          ))}
        {owed.data && <InterestOwed owed={owed.data} onUse={setInterest} />}
        <Group justify="space-between">
          <Text>Tax: ₹{formatAmount(taxPaise)}</Text>
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={chosen.length === 0}
          >
            Save Challan
          </Button>
        </Group>
        {problem && (
          <Alert color="red" title="Not saved" role="alert">
            {problem}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** The s.201(1A) interest a deposit on the chosen date owes, both kinds, with a button to enter it. */
function InterestOwed(props: { owed: ChallanInterest; onUse: (rupees: number) => void }) {
  const { owed, onUse } = props;
  if (owed.interestOwed === 0) {
    return (
      <Text size="sm" data-testid="interest-owed">
        On time (due {owed.dueDate}): no interest owed.
      </Text>
    );
  }
  const months = (n: number) => `${n} month${n === 1 ? "" : "s"}`;
  return (
    <Alert color="orange" title="Interest under section 201(1A)" data-testid="interest-owed">
      <Stack gap={4}>
        {owed.lateDeductionInterest > 0 && (
          <Text size="sm">
            Late deduction (1% a month or part, up to {months(owed.lateDeductionMonths)}): ₹
            {money(owed.lateDeductionInterest)}
          </Text>
        )}
        {owed.lateDepositInterest > 0 && (
          <Text size="sm">
            Late deposit (1.5% a month or part, up to {months(owed.lateDepositMonths)}; due{" "}
            {owed.dueDate}): ₹{money(owed.lateDepositInterest)}
          </Text>
        )}
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Interest owed: ₹{money(owed.interestOwed)}
          </Text>
          <Button size="xs" variant="light" onClick={() => onUse(owed.interestOwed)}>
            Enter as interest
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
