import type { KeyboardEvent } from "react";
import { rowStep } from "../model/return-frame.ts";

/** Up / Down on a focused table row: the focus moves to the row above / below. True if it did. */
export function focusSiblingRow(event: KeyboardEvent<HTMLElement>): boolean {
  const step = rowStep(event.key);
  if (!step) return false;
  event.preventDefault();
  const target = event.currentTarget;
  const next = step === "next" ? target.nextElementSibling : target.previousElementSibling;
  (next as HTMLElement | null)?.focus();
  return true;
}
