/**
 * spec 5 "Text input": the case modes of a text field. `title` capitalises the first letter of
 * every word and leaves the rest as typed (so "ABC Traders" keeps its capitals), `capital`
 * upper-cases everything, `lower` lower-cases everything, `same` keeps what was typed.
 */
export type TextCaseMode = "title" | "capital" | "lower" | "same";

export function applyTextCase(text: string, mode: TextCaseMode): string {
  switch (mode) {
    case "title":
      return text.replace(
        /(^|[\s(/&-])(\p{Ll})/gu,
        (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
      );
    case "capital":
      return text.toUpperCase();
    case "lower":
      return text.toLowerCase();
    case "same":
      return text;
  }
}

/**
 * spec 5 "Text input": the text area capitalises the first letter of each line and of each
 * sentence (after '.', '!' or '?' and a space).
 */
export function capitaliseSentences(text: string): string {
  return text.replace(
    /(^|\n|[.!?]\s+)(\p{Ll})/gu,
    (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
  );
}

/** The counter shown under a field with a character limit: "12 / 100". */
export function describeCount(length: number, max: number): string {
  return `${length} / ${max}`;
}
