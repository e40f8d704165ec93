import {
  Breadcrumbs,
  Container,
  Kbd,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { type HotkeyItem, useHotkeys } from "@mantine/hooks";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { buildStartMenu, type MenuEntry } from "../../app/shell/app-menu.ts";
import { isForeignControl } from "../../app/shell/keyboard-targets.ts";
import { wasOverlayOpenAtKeydown } from "../../app/shell/overlay-state.ts";
import { useMenuContext } from "../../app/shell/use-menu-context.ts";
import { useChangeFeedInterest } from "../change-feed/ChangeFeedProvider.tsx";
import {
  describeStartLevel,
  type StartMenuKey,
  type StartMenuPosition,
  stepStartMenu,
} from "./start-menu-state.ts";
import { readStartPosition, saveStartPosition } from "./start-position-store.ts";

/** spec 2.4: the page title is the product name plus 'Start Screen'. */
export const START_SCREEN_TITLE = "Bahi Start Screen";

const LETTERS = "abcdefghijklmnopqrstuvwxyz".split("");

/** /{organisationId}/{year}/start: the keyboard-driven menu (spec 2.4). */
export function StartScreen() {
  const context = useMenuContext();
  const navigate = useNavigate();
  const tree = useMemo(() => buildStartMenu(context), [context]);
  const [position, setPosition] = useState<StartMenuPosition>(() =>
    readStartPosition(context.organisationId),
  );
  const menuRef = useRef<HTMLElement>(null);
  // The start screen shows no entries, so no change elsewhere makes it stale.
  useChangeFeedInterest(() => false);

  useEffect(() => {
    document.title = START_SCREEN_TITLE;
  }, []);

  function press(key: StartMenuKey) {
    const step = stepStartMenu(tree, position, key);
    setPosition(step.position);
    saveStartPosition(context.organisationId, step.position);
    if (step.navigateTo) void navigate(step.navigateTo);
  }

  function onKey(key: StartMenuKey, options: { control?: boolean } = {}) {
    return (event: KeyboardEvent) => {
      if (wasOverlayOpenAtKeydown()) return;
      if (options.control && isForeignControl(event, menuRef.current)) return;
      event.preventDefault();
      press(key);
    };
  }

  const hotkeys: HotkeyItem[] = [
    ["ArrowUp", onKey({ kind: "up" }), { preventDefault: false }],
    ["ArrowDown", onKey({ kind: "down" }), { preventDefault: false }],
    ["Enter", onKey({ kind: "enter" }, { control: true }), { preventDefault: false }],
    ["Escape", onKey({ kind: "escape" }), { preventDefault: false }],
    ...LETTERS.map(
      (letter): HotkeyItem => [
        letter,
        onKey({ kind: "letter", letter }),
        { preventDefault: false, usePhysicalKeys: true },
      ],
    ),
  ];
  useHotkeys(hotkeys);

  const { entries, highlighted } = describeStartLevel(tree, position);
  const crumbs = trailLabels(tree, position.trail);

  return (
    <Container size="xs" py="lg">
      <Stack gap="md">
        <Title order={1} fz="h2" ta="center">
          {START_SCREEN_TITLE}
        </Title>
        <Paper withBorder radius="md" p="xs" component="nav" aria-label="Start menu" ref={menuRef}>
          {crumbs.length > 0 && (
            <Breadcrumbs px="sm" pb="xs" separator="›" aria-label="Open submenus">
              {["Start", ...crumbs].map((label) => (
                <Text key={label} size="sm" c="dimmed">
                  {label}
                </Text>
              ))}
            </Breadcrumbs>
          )}
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
            {entries.map((entry, index) => (
              <li key={entry.id}>
                <StartMenuItem
                  entry={entry}
                  highlighted={index === highlighted}
                  onChoose={() => press({ kind: "choose", id: entry.id })}
                />
              </li>
            ))}
          </Stack>
        </Paper>
        <Text size="sm" c="dimmed" ta="center">
          Up and Down move, Enter opens, Esc goes back one level; a letter picks its entry.
        </Text>
      </Stack>
    </Container>
  );
}

function StartMenuItem({
  entry,
  highlighted,
  onChoose,
}: {
  entry: MenuEntry;
  highlighted: boolean;
  onChoose: () => void;
}) {
  return (
    <UnstyledButton
      tabIndex={-1}
      w="100%"
      px="sm"
      py={8}
      aria-current={highlighted ? "true" : undefined}
      aria-disabled={entry.disabledReason ? "true" : undefined}
      aria-keyshortcuts={entry.shortcut || undefined}
      onClick={onChoose}
      style={{
        borderRadius: "var(--mantine-radius-sm)",
        display: "flex",
        justifyContent: "space-between",
        alignItems: "center",
        background: highlighted ? "var(--mantine-color-blue-6)" : undefined,
        color: highlighted ? "var(--mantine-color-white)" : undefined,
      }}
    >
      <Text
        span
        inherit
        fw={highlighted ? 600 : 400}
        c={entry.disabledReason ? "dimmed" : undefined}
      >
        {entry.label}
        {entry.children && <span aria-hidden="true"> ›</span>}
        {entry.disabledReason && (
          <Text span size="xs" c={highlighted ? "white" : "dimmed"} display="block">
            {entry.disabledReason}
          </Text>
        )}
      </Text>
      {entry.shortcut && (
        <Kbd size="xs" aria-hidden="true">
          {entry.shortcut}
        </Kbd>
      )}
    </UnstyledButton>
  );
}

function trailLabels(tree: readonly MenuEntry[], trail: readonly string[]): string[] {
  const labels: string[] = [];
  let level: readonly MenuEntry[] = tree;
  for (const id of trail) {
    const entry = level.find((candidate) => candidate.id === id);
    if (!entry) break;
    labels.push(entry.label);
    level = entry.children ?? [];
  }
  return labels;
}
