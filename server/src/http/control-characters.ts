import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from "@bahi/domain";
import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.ts";

/**
 * Refuses, once and for every route, a query, path parameter or JSON body holding NUL or another
 * control character (domain's CONTROL_CHARACTER_MESSAGE), before any schema or service sees it:
 * PostgreSQL cannot store NUL in text, and a search for one was a 500 (issue 26). The shared
 * string schemas of domain refuse them too, for the web forms.
 */
export function refuseControlCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    for (const [where, value] of [
      ["query", request.query],
      ["params", request.params],
      ["body", request.body],
    ] as const) {
      const path = findControlCharacter(value);
      if (path === null) continue;
      throw new AppError(400, CONTROL_CHARACTER_MESSAGE, [
        { path: path === "" ? where : path, message: CONTROL_CHARACTER_MESSAGE },
      ]);
    }
  });
}
