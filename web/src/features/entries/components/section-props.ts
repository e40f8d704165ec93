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

/** The fields of a form that hold its lines (`lines`, `itemLines`, `accountLines`). */
type LinesKey<F> = { [K in keyof F]: F[K] extends readonly unknown[] ? K : never }[keyof F];
type LineOf<F, K extends keyof F> = F[K] extends readonly (infer L)[] ? L : never;

/**
 * Changing and removing the lines held in `form[key]`. A change to a line that is gone leaves
 * the form as it was: an answer (an account's details, open bills) may arrive after the line was
 * removed. With `blank`, removing the last line leaves a blank one.
 */
export function linesEditor<F, K extends LinesKey<F>>(
  update: SectionProps<F>["update"],
  key: K,
  blank?: () => LineOf<F, K>,
) {
  const linesOf = (form: F) => form[key] as readonly LineOf<F, K>[];
  return {
    change(index: number, recipe: (line: LineOf<F, K>) => LineOf<F, K>) {
      update((form) => {
        const line = linesOf(form)[index];
        if (line === undefined) return form;
        const lines = linesOf(form).map((current, at) => (at === index ? recipe(line) : current));
        return { ...form, [key]: lines };
      });
    },
    remove(index: number) {
      update((form) => {
        const lines = linesOf(form).filter((_, at) => at !== index);
        return { ...form, [key]: lines.length === 0 && blank ? [blank()] : lines };
      });
    },
  };
}

/** "line 3": how a field of a line names itself to a screen reader and to the e2e tests. */
export function lineLabel(what: string, index: number): string {
  return `${what}, line ${index + 1}`;
}
