/** A voucher the engine refuses; `path` names the payload field, for `{ path, message }` errors. */
export class VoucherError extends Error {
  readonly path: string;

  constructor(message: string, path = "") {
    super(message);
    this.name = "VoucherError";
    this.path = path;
  }
}
