import {
  CONTROL_CHARACTER_MESSAGE,
  findControlCharacter,
  hasControlCharacter,
  JSON_DEPTH_MESSAGE,
  nestsDeeperThan,
} from "@bahi/domain";
import type { Multipart } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors.ts";

function refuse(path: string): AppError {
  return new AppError(400, CONTROL_CHARACTER_MESSAGE, [
    { path, message: CONTROL_CHARACTER_MESSAGE },
  ]);
}

/**
 * Refuses, once and for every route, a query, path parameter or JSON body holding NUL or another
 * control character (domain's CONTROL_CHARACTER_MESSAGE), before any schema or service sees it:
 * PostgreSQL cannot store NUL in text, and a search for one was a 500 (issue 26). The shared
 * string schemas of domain refuse them too, for the web forms.
 *
 * A multipart form (organisation settings, imports) is read by its route as a stream, after this
 * hook; the hook wraps the request's `parts()` so that the same check meets every text field's
 * name and value and every file's name as the route reads them, and refuses the form there.
 */
export function refuseControlCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    for (const [where, value] of [
      ["query", request.query],
      ["params", request.params],
      ["body", request.body],
    ] as const) {
      // Before any walk that recurses (this one's, the schemas'): issue 37.
      if (nestsDeeperThan(value)) throw new AppError(400, JSON_DEPTH_MESSAGE);
      const path = findControlCharacter(value);
      if (path !== null) throw refuse(path === "" ? where : path);
    }
    if (typeof request.parts === "function" && request.isMultipart()) checkFormParts(request);
  });
}

function checkFormParts(request: FastifyRequest): void {
  const readParts = request.parts.bind(request);
  request.parts = (options) => checked(readParts(options));
}

async function* checked(parts: AsyncIterableIterator<Multipart>): AsyncIterableIterator<Multipart> {
  for await (const part of parts) {
    if (hasControlCharacter(part.fieldname)) throw refuse(part.fieldname);
    if (part.type === "field") {
      if (typeof part.value === "string" && hasControlCharacter(part.value)) {
        throw refuse(part.fieldname);
      }
    } else if (part.filename && hasControlCharacter(part.filename)) {
      throw refuse(part.fieldname);
    }
    yield part;
  }
}
