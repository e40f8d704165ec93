/**
 * A document (invoice, purchase, note…) that cannot be computed: the message is fit to show a
 * user, and `path` names the offending input field so the server can answer 400 with
 * `{ message, errors: [{ path, message }] }` (DESIGN §5).
 */
export class DocumentError extends Error {
  override readonly name = "DocumentError";
  readonly path: readonly (string | number)[];

  constructor(message: string, path: readonly (string | number)[] = []) {
    super(message);
    this.path = path;
  }
}
