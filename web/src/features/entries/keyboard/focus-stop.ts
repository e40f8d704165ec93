import { flushSync } from "react-dom";

/** The attribute that names a field on the Enter path of an entry screen (line-navigation). */
export const STOP_ATTRIBUTE = "data-stop";

/** `{ "data-stop": "qty:2" }`, to spread on a field's wrapper. */
export function stopProps(stop: string): { "data-stop": string } {
  return { [STOP_ATTRIBUTE]: stop } as { "data-stop": string };
}

/** The stop a key press came from, if it came from one. */
export function stopOf(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  return target.closest(`[${STOP_ATTRIBUTE}]`)?.getAttribute(STOP_ATTRIBUTE) ?? null;
}

/** Focuses a stop's field, selecting its text so that typing replaces it. */
export function focusStop(root: ParentNode, stop: string): boolean {
  const wrapper = root.querySelector(`[${STOP_ATTRIBUTE}="${CSS.escape(stop)}"]`);
  if (!wrapper) return false;
  const field = wrapper.matches("input, textarea, button, select")
    ? wrapper
    : wrapper.querySelector("input:not([type=hidden]), textarea, select, button");
  if (!(field instanceof HTMLElement)) return false;
  field.focus();
  if (field instanceof HTMLInputElement && /^(text|search|)$/.test(field.type)) {
    // An amount field shows its editable text once focused: draw that now, then select it, so
    // the next key typed replaces the whole value.
    flushSync(() => {});
    field.select();
    let typed = false;
    const markTyped = () => {
      typed = true;
    };
    field.addEventListener("keydown", markTyped, { once: true });
    requestAnimationFrame(() => {
      field.removeEventListener("keydown", markTyped);
      if (!typed && document.activeElement === field) field.select();
    });
  }
  return true;
}
