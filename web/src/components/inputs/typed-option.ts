/** An option of a dropdown: its value and what it shows. */
export interface TypedOption {
  value: string;
  label: string;
}

/**
 * The option that typed text picks when Enter is pressed before the dropdown has drawn its
 * list (a fast hand types "12" and Enter at once): the first whose label starts with the text,
 * else the first that contains it; null when the text is blank, is the current option's label,
 * or matches nothing.
 */
export function pickTypedOption(
  options: readonly TypedOption[],
  currentValue: string | null,
  typed: string,
): string | null {
  const text = typed.trim().toLowerCase();
  if (text === "") return null;
  const current = options.find((option) => option.value === currentValue);
  if (current && current.label.toLowerCase() === text) return null;
  const match =
    options.find((option) => option.label.toLowerCase().startsWith(text)) ??
    options.find((option) => option.label.toLowerCase().includes(text));
  return match && match.value !== currentValue ? match.value : null;
}

/** An input's onKeyDown that applies pickTypedOption on Enter (before the dropdown's own Enter). */
export function onEnterPickTypedOption(
  options: readonly TypedOption[],
  currentValue: string | null,
  onPick: (value: string) => void,
) {
  return (event: { key: string; currentTarget: { value: string } }) => {
    if (event.key !== "Enter") return;
    const value = pickTypedOption(options, currentValue, event.currentTarget.value);
    if (value !== null) onPick(value);
  };
}
