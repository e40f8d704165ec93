// Test support only (not exported from index.ts): the check that a refused input throws the
// expected error, with its message for the user and the path of the field. Shared by the
// gst/compute and ledger tests: DocumentError and LedgerError both carry `path`.
import { expect } from "vitest";

type InputError = Error & { readonly path: readonly (string | number)[] };

export function expectInputError(
  attempt: () => unknown,
  type: new (...args: never[]) => InputError,
  message: string,
  path: readonly (string | number)[],
): InputError {
  let thrown: unknown;
  try {
    attempt();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(type);
  const error = thrown as InputError;
  expect(error.message).toContain(message);
  expect(error.path).toEqual(path);
  return error;
}
