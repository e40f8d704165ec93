import { findStateByCode, stateCodeFromGstin } from "@bahi/domain";

/** "27 - Maharashtra" for a GSTIN whose first two digits are a state code; "" otherwise. */
export function describeGstinState(gstin: string): string {
  const code = stateCodeFromGstin(gstin);
  const state = code ? findStateByCode(code) : undefined;
  return state ? `${state.code} - ${state.name}` : "";
}
