import { MESSAGE_PLACEHOLDERS, type MessagePlaceholder, suggestPlaceholders } from "@bahi/domain";
import { Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { useLayoutEffect, useRef, useState } from "react";
import { TextAreaField, type TextAreaFieldProps } from "../../components/inputs/TextAreaField.tsx";

const DESCRIPTIONS = new Map<string, string>(
  MESSAGE_PLACEHOLDERS.map((placeholder) => [placeholder.name, placeholder.description]),
);

/**
 * spec 5 text area: typing an opening brace opens the placeholder list; Up and Down move, Enter
 * or a click puts the placeholder in, Escape closes the list.
 */
export function PlaceholderTextarea({
  value,
  onChange,
  available,
  ...props
}: TextAreaFieldProps & { available?: readonly MessagePlaceholder[] }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  // Where the caret goes once a chosen placeholder is in the text. Placed as React commits that
  // text, before the next key is handled: a frame later could move it back under keys already
  // typed after the placeholder.
  const caretAfterChoice = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterChoice.current;
    if (at === null || !ref.current) return;
    caretAfterChoice.current = null;
    ref.current.focus();
    ref.current.setSelectionRange(at, at);
  });
  const before = caret === null ? "" : value.slice(0, caret);
  const suggestion =
    caret === null || dismissed === before ? null : suggestPlaceholders(before, available);
  const names = suggestion?.names ?? [];
  const highlighted = Math.min(active, Math.max(0, names.length - 1));

  function choose(name: string) {
    if (!suggestion || caret === null) return;
    const next = `${value.slice(0, suggestion.start)}{${name}}${value.slice(caret)}`;
    const at = suggestion.start + name.length + 2;
    caretAfterChoice.current = at;
    onChange(next);
    setCaret(null);
  }

  return (
    <div style={{ position: "relative" }}>
      <TextAreaField
        ref={ref}
        value={value}
        sentenceCase={false}
        onChange={(text) => {
          onChange(text);
          setActive(0);
          setDismissed(null);
          // The caret as the change lands, not a frame later: an Enter typed straight after must
          // see the filter this change made.
          setCaret(ref.current?.selectionStart ?? text.length);
        }}
        onKeyUp={(event) => {
          if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key))
            setCaret(event.currentTarget.selectionStart);
        }}
        onClick={(event) => setCaret(event.currentTarget.selectionStart)}
        onBlur={() => setTimeout(() => setCaret(null), 150)}
        onKeyDown={(event) => {
          if (names.length === 0) return;
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setActive((highlighted + 1) % names.length);
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            setActive((highlighted - 1 + names.length) % names.length);
          } else if (event.key === "Enter" || event.key === "Tab") {
            event.preventDefault();
            choose(names[highlighted] as string);
          } else if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            setDismissed(before);
          }
        }}
        aria-autocomplete="list"
        aria-expanded={names.length > 0}
        {...props}
      />
      {names.length > 0 && (
        <Paper
          shadow="md"
          withBorder
          role="listbox"
          aria-label="Placeholders"
          style={{
            position: "absolute",
            zIndex: 300,
            left: 0,
            right: 0,
            maxHeight: 220,
            overflowY: "auto",
          }}
        >
          <Stack gap={0}>
            {names.map((name, index) => (
              <UnstyledButton
                key={name}
                role="option"
                aria-selected={index === highlighted}
                px="sm"
                py={4}
                bg={index === highlighted ? "var(--mantine-color-blue-light)" : undefined}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(name);
                }}
              >
                <Text size="sm" ff="monospace">{`{${name}}`}</Text>
                <Text size="xs" c="dimmed">
                  {DESCRIPTIONS.get(name)}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </Paper>
      )}
    </div>
  );
}
