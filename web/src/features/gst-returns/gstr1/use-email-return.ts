import type { GstReturnKind } from "@bahi/domain";
import { useState } from "react";
import { describeErrorMessage } from "../../../api/http.ts";
import { notify } from "../../../app/notify.tsx";
import { emailReturnFile, type ReturnPeriodQuery } from "../returns.api.ts";

/** Email JSON: the dialog's state and the call; the server's sentence, or its refusal. */
export function useEmailReturn(kind: GstReturnKind, query: ReturnPeriodQuery | null) {
  const [opened, setOpened] = useState(false);
  const send = async (email: string, subject: string) => {
    if (!query) return;
    try {
      const answer = await emailReturnFile(kind, {
        ...query,
        email,
        ...(subject ? { subject } : {}),
      });
      notify({ type: "success", title: "Email", message: answer.message });
      setOpened(false);
    } catch (error) {
      notify({ type: "danger", title: "Email not sent", message: describeErrorMessage(error) });
    }
  };
  return { opened, open: () => setOpened(true), close: () => setOpened(false), send };
}
