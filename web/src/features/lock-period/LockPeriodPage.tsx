import { getVoucherDefinition, isVoucherType } from "@bahi/domain";
import {
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeErrorMessage } from "../../api/http.ts";
import { notify } from "../../app/notify.tsx";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { gstReturnKeys } from "../gst-returns/gst-returns.query.ts";
import { ReportBody } from "../reports/components/ReportBody.tsx";
import {
  filingsOfMonth,
  isLocked,
  isWholeMonthLocked,
  LOCKABLE_TYPES,
  monthsOfYear,
} from "./lock-grid.ts";
import { setLockPeriod, setWholeMonthLock } from "./lock-period.api.ts";
import { lockPeriodsQuery } from "./lock-periods.query.ts";

// Issue 40: at 1440 px with the sidebar the page has about 1,100 px; the headers wrap so that the
// fourteen columns fit without scrolling sideways (below this width, on small screens, it scrolls).
const LOCK_GRID_MIN_WIDTH = 860;

type Change = {
  month: number;
  monthKey: string;
  label: string;
  /** 'all' for the whole month. */
  transactionType: string;
  locked: boolean;
};

/** A filed return's lock covers the sales-side types (the registry's outward roles) and whole months. */
function needsReason(change: Change, filings: string[]): boolean {
  if (change.locked || filings.length === 0) return false;
  if (change.transactionType === "all") return true;
  // A filed GSTR-3B locks every type (issue 20); GSTR-1 and IFF the sales side.
  if (filings.some((name) => name.startsWith("GSTR-3B "))) return true;
  if (!isVoucherType(change.transactionType)) return false;
  const role = getVoucherDefinition(change.transactionType).gstReturn.role;
  return role === "outwardSupply" || role === "outwardNote";
}

/** settings/lock-period (spec 2.3): a grid of months × types with whole-month toggles. */
export function LockPeriodPage() {
  usePageTitle("Lock Period");
  const { organisation, year } = useOrganisationScope();
  const queryClient = useQueryClient();
  const lockPeriods = lockPeriodsQuery(organisation._id, year);
  const locks = useQuery(lockPeriods);
  const [asking, setAsking] = useState<(Change & { filings: string[] }) | null>(null);
  const [reason, setReason] = useState("");

  const save = useMutation({
    mutationFn: (change: Change & { reason?: string }) => {
      const common = {
        organisationId: organisation._id,
        year,
        month: change.month,
        locked: change.locked,
        ...(change.reason ? { reason: change.reason } : {}),
      };
      return change.transactionType === "all"
        ? setWholeMonthLock(common)
        : setLockPeriod({ ...common, transactionType: change.transactionType });
    },
    onSuccess: (answer) => {
      notify({ type: "success", title: "Lock Period", message: answer.message });
      setAsking(null);
      setReason("");
      void queryClient.invalidateQueries({ queryKey: lockPeriods.queryKey });
      // The return screens' Filed notice says whether the period is still locked (issue 40).
      void queryClient.invalidateQueries({ queryKey: gstReturnKeys.all });
    },
    onError: (error) =>
      notify({ type: "danger", title: "Lock Period", message: describeErrorMessage(error) }),
  });

  const toggle = (change: Change) => {
    const data = locks.data;
    const filings = data ? filingsOfMonth(data, change.monthKey) : [];
    if (needsReason(change, filings)) {
      setAsking({ ...change, filings });
      return;
    }
    save.mutate(change);
  };

  return (
    <Container size="xl" px={{ base: 0, sm: "md" }}>
      <Stack gap="md">
        <Title order={1} fz="h2">
          Lock Period
        </Title>
        <Text c="dimmed" size="sm">
          A locked month refuses adding, editing and deleting entries dated in it. Marking GSTR-1 or
          IFF as filed locks the month's sales invoices, credit notes and debit notes to customers;
          marking GSTR-3B as filed locks every entry of the month.
        </Text>
        <ReportBody query={locks} isEmpty={() => false} empty={null}>
          {(data) => (
            <Table.ScrollContainer minWidth={LOCK_GRID_MIN_WIDTH}>
              <Table aria-label="Lock Period" verticalSpacing={4} withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Month</Table.Th>
                    <Table.Th fz="xs" ta="center" style={{ whiteSpace: "normal" }}>
                      Whole month
                    </Table.Th>
                    {LOCKABLE_TYPES.map((type) => (
                      <Table.Th key={type} fz="xs" ta="center" style={{ whiteSpace: "normal" }}>
                        {getVoucherDefinition(type).titles.singular}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {monthsOfYear(year).map((month) => {
                    const whole = isWholeMonthLocked(data, month.monthKey);
                    const filings = filingsOfMonth(data, month.monthKey);
                    return (
                      <Table.Tr key={month.monthKey}>
                        <Table.Td>
                          <Group gap={4}>
                            <Text size="sm">{month.label}</Text>
                            {filings.map((filing) => (
                              <Badge key={filing} size="xs" color="green">
                                {filing} filed
                              </Badge>
                            ))}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Checkbox
                            aria-label={`Lock all of ${month.label}`}
                            checked={whole}
                            onChange={(event) =>
                              toggle({
                                ...month,
                                transactionType: "all",
                                locked: event.currentTarget.checked,
                              })
                            }
                          />
                        </Table.Td>
                        {LOCKABLE_TYPES.map((type) => {
                          const title = getVoucherDefinition(type).titles.singular;
                          return (
                            <Table.Td key={type} ta="center">
                              <Checkbox
                                aria-label={`Lock ${title} in ${month.label}`}
                                checked={isLocked(data, month.monthKey, type)}
                                disabled={whole}
                                onChange={(event) =>
                                  toggle({
                                    ...month,
                                    transactionType: type,
                                    locked: event.currentTarget.checked,
                                  })
                                }
                              />
                            </Table.Td>
                          );
                        })}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ReportBody>
      </Stack>
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title="Unlock a filed period">
        <Stack>
          <Text size="sm">
            {asking?.label}: {asking?.filings.join(", ")} is marked as filed. Why unlock it? The
            reason is kept in the organisation's log.
          </Text>
          <TextInput
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              disabled={reason.trim() === ""}
              loading={save.isPending}
              onClick={() => asking && save.mutate({ ...asking, reason: reason.trim() })}
            >
              Unlock
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
