import {
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { type KeyboardEvent, useEffect, useState } from "react";
import {
  loadCalculatorHistory,
  recordCalculation,
  saveCalculatorHistory,
} from "./calculator-history-store.ts";
import {
  CALCULATOR_GST_RATES,
  type CalculatorHistoryEntry,
  type CalculatorKey,
  type CalculatorState,
  groupCalculatorDisplay,
  INITIAL_CALCULATOR_STATE,
  pressCalculatorKey,
  readCalculatorKey,
} from "./calculator-model.ts";

/** The shortcut that opens and closes the calculator from any organisation page. */
export const CALCULATOR_SHORTCUT = "Alt+K";

const KEYPAD: readonly { label: string; key: CalculatorKey; aria: string }[] = [
  { label: "C", key: { type: "clear" }, aria: "Clear" },
  { label: "CE", key: { type: "clearEntry" }, aria: "Clear entry" },
  { label: "⌫", key: { type: "backspace" }, aria: "Backspace" },
  { label: "÷", key: { type: "operator", operator: "/" }, aria: "Divide" },
  { label: "7", key: { type: "digit", digit: "7" }, aria: "7" },
  { label: "8", key: { type: "digit", digit: "8" }, aria: "8" },
  { label: "9", key: { type: "digit", digit: "9" }, aria: "9" },
  { label: "×", key: { type: "operator", operator: "*" }, aria: "Multiply" },
  { label: "4", key: { type: "digit", digit: "4" }, aria: "4" },
  { label: "5", key: { type: "digit", digit: "5" }, aria: "5" },
  { label: "6", key: { type: "digit", digit: "6" }, aria: "6" },
  { label: "−", key: { type: "operator", operator: "-" }, aria: "Subtract" },
  { label: "1", key: { type: "digit", digit: "1" }, aria: "1" },
  { label: "2", key: { type: "digit", digit: "2" }, aria: "2" },
  { label: "3", key: { type: "digit", digit: "3" }, aria: "3" },
  { label: "+", key: { type: "operator", operator: "+" }, aria: "Add" },
  { label: "%", key: { type: "percent" }, aria: "Percent" },
  { label: "0", key: { type: "digit", digit: "0" }, aria: "0" },
  { label: ".", key: { type: "decimal" }, aria: "Decimal point" },
  { label: "=", key: { type: "equals" }, aria: "Equals" },
];

const openers = new Set<() => void>();

/** Opens the calculator from a button (the top bar's), as Alt+K does from the keyboard. */
export function openCalculator(): void {
  for (const open of openers) open();
}

/**
 * The calculator of spec 2.7 and 9 in a panel reachable from every organisation page with
 * Alt+K: the keypad and the keyboard, the GST buttons (add or exclude; the same button again
 * reverts), and the history of the last 100 results kept in this browser.
 */
export function CalculatorPanel() {
  const [opened, setOpened] = useState(false);
  const [state, setState] = useState<CalculatorState>(INITIAL_CALCULATOR_STATE);
  const [history, setHistory] = useState<CalculatorHistoryEntry[]>(() => loadCalculatorHistory());

  useHotkeys([["alt+K", () => setOpened((open) => !open), { usePhysicalKeys: true }]], []);
  useEffect(() => {
    const open = () => setOpened(true);
    openers.add(open);
    return () => {
      openers.delete(open);
    };
  }, []);

  function press(key: CalculatorKey) {
    const step = pressCalculatorKey(state, key);
    setState(step.state);
    const record = step.record;
    if (record) setHistory((current) => recordCalculation(current, record));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // Enter is "=" wherever the focus is (a GST button keeps Space to press it again).
    const key = readCalculatorKey(event.key);
    if (!key) return;
    event.preventDefault();
    press(key);
  }

  const gst = state.gst;
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      title={`Calculator (${CALCULATOR_SHORTCUT})`}
      size="md"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the calculator takes typed keys (spec 9) */}
      <div onKeyDown={onKeyDown}>
        <Stack gap="sm">
          <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
            <Text size="xs" c="dimmed" ta="right" mih={18} data-testid="calculator-expression">
              {state.expression ||
                (state.pending !== null && state.operator
                  ? `${state.pending} ${state.operator}`
                  : "")}
            </Text>
            <Text
              fz={28}
              fw={600}
              ta="right"
              role="status"
              aria-label="Calculator display"
              data-testid="calculator-display"
              style={{ fontVariantNumeric: "tabular-nums", overflowWrap: "anywhere" }}
            >
              {groupCalculatorDisplay(state.entry)}
              {state.percentMode ? "%" : ""}
            </Text>
            {gst && (
              <Text size="xs" ta="right" c="blue.8" data-testid="calculator-gst">
                GST {gst.rate}% {gst.mode === "add" ? "added" : "excluded"}: tax{" "}
                {groupCalculatorDisplay(String(gst.taxAmount))} on{" "}
                {groupCalculatorDisplay(String(gst.base))}
              </Text>
            )}
          </Paper>
          <Stack gap={4}>
            {(["add", "exclude"] as const).map((mode) => (
              <Group gap={4} key={mode} grow>
                {CALCULATOR_GST_RATES.map((rate) => {
                  const active = gst?.rate === rate && gst.mode === mode;
                  return (
                    <Button
                      key={rate}
                      size="compact-sm"
                      variant={active ? "filled" : "light"}
                      aria-pressed={active}
                      aria-label={`${mode === "add" ? "Add" : "Exclude"} GST ${rate}%`}
                      onClick={() => press({ type: "gst", rate, mode })}
                    >
                      {mode === "add" ? "+" : "−"}
                      {rate}%
                    </Button>
                  );
                })}
              </Group>
            ))}
          </Stack>
          <SimpleGrid cols={4} spacing={4}>
            {KEYPAD.map((button) => (
              <Button
                key={button.label}
                variant={
                  button.key.type === "digit" || button.key.type === "decimal" ? "default" : "light"
                }
                aria-label={button.aria}
                onClick={() => press(button.key)}
                data-autofocus={button.key.type === "equals" ? true : undefined}
                tabIndex={-1}
              >
                {button.label}
              </Button>
            ))}
          </SimpleGrid>
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              History
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={history.length === 0}
              onClick={() => {
                setHistory([]);
                saveCalculatorHistory([]);
              }}
            >
              Clear history
            </Button>
          </Group>
          <ScrollArea.Autosize mah={180} type="auto">
            {history.length === 0 ? (
              <Text size="xs" c="dimmed">
                Results appear here.
              </Text>
            ) : (
              <Stack gap={2} aria-label="Calculator history">
                {history.map((entry) => (
                  <UnstyledButton
                    key={entry.id}
                    onClick={() =>
                      setState({
                        ...INITIAL_CALCULATOR_STATE,
                        entry: entry.result,
                        justEvaluated: true,
                      })
                    }
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="xs" c="dimmed" truncate>
                        {entry.expression} =
                      </Text>
                      <Text size="sm" fw={500}>
                        {groupCalculatorDisplay(entry.result)}
                      </Text>
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Stack>
      </div>
    </Modal>
  );
}
