import type { FieldErrors } from "../../../components/form-validation.ts";
import type { EntryContext } from "../model/entry-context.ts";

/** What every part of an entry form is given: its slice of the form, how to change it, errors. */
export interface SectionProps<F> {
  form: F;
  /** Changes the form from its latest state (an answer may arrive after more typing). */
  update: (recipe: (form: F) => F) => void;
  errors: FieldErrors;
  context: EntryContext;
  readOnly: boolean;
}

/** Replaces one element of a list. */
export function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((current, at) => (at === index ? item : current));
}

/** "line 3": how a field of a line names itself to a screen reader and to the e2e tests. */
export function lineLabel(what: string, index: number): string {
  return `${what}, line ${index + 1}`;
}
