import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

export interface FieldError {
  path: string;
  message: string;
}

/** The one error body of the API (DESIGN.md §5): `{ message, errors? }`. */
export interface ErrorBody {
  message: string;
  errors?: FieldError[];
}

/** A refusal the user can act on; its message is shown to them as it is. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;

  constructor(statusCode: number, message: string, errors?: FieldError[]) {
    super(message);
    this.name = "AppError";
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError(400, message, errors);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

export const GENERIC_FAILURE_MESSAGE = "Something went wrong.";

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(toBody(error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: issue.message ?? "Invalid value",
      }));
      return reply.status(400).send(toBody(errors[0]?.message ?? "Invalid request.", errors));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(toBody(clientMessage(error)));
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(toBody(GENERIC_FAILURE_MESSAGE));
  });
}

function toBody(message: string, errors?: FieldError[]): ErrorBody {
  return errors && errors.length > 0 ? { message, errors } : { message };
}

// Fastify's own 4xx texts name internals ("FST_ERR_CTP_INVALID_JSON_BODY"); say it plainly.
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is empty; send a JSON object.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type; send JSON.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request is too large.";
    default:
      if (error instanceof SyntaxError || error.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
        return "The request body is not valid JSON.";
      }
      return error.message;
  }
}

/**
 * Issue 37: no GET sends or changes anything, so a page on another site cannot make a signed-in
 * browser send mail; the same path's POST does, under the cross-site check.
 */
export function sendIsAPost(path: string): AppError {
  return new AppError(405, `Sending is a POST request: send the same fields to POST /api${path}.`);
}
