/** A voucher the engine refuses; `path` names the payload field, for `{ path, message }` errors. */
export class VoucherError extends Error {
  readonly path: string;

  constructor(message: string, path = "") {
    super(message);
    this.name = "VoucherError";
    this.path = path;
  }
}

/** A note's or settlement's allocations add up to more than its total (schema and engine alike). */
export const BILL_WISE_OVER_TOTAL = "Bill-wise allocations cannot be more than the total amount.";
