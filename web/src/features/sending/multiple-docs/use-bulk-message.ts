import type { VoucherType } from "@bahi/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchBulkTemplates, type SendChannel } from "../sending.api.ts";
import { fieldsFromTemplate, type MessageFields, messageHelp } from "./multiple-docs.model.ts";

/**
 * The message of Send Multiple Docs. It starts from the server's text for this party, type and
 * channel (as the single document's send dialog does); what the person edits is what is sent,
 * filled by the server.
 */
export function useBulkMessage(input: {
  organisationId: string;
  accountId: string | null;
  type: VoucherType;
  channel: SendChannel;
}) {
  const { organisationId, accountId, type, channel } = input;
  const templates = useQuery({
    queryKey: ["multiple-docs-templates", organisationId, accountId ?? undefined, type, channel],
    enabled: accountId !== null,
    queryFn: ({ signal }) =>
      fetchBulkTemplates(channel, { organisationId, accountId: accountId ?? "", type }, signal),
    staleTime: 0,
    gcTime: 0,
  });
  const [fields, setFields] = useState<MessageFields>(() => fieldsFromTemplate(undefined));
  useEffect(() => {
    setFields(fieldsFromTemplate(templates.data?.templates));
  }, [templates.data]);

  return {
    ...fields,
    templates: templates.data?.templates ?? [],
    help: messageHelp(templates.data?.perDocument),
    setSubject: (subject: string) => setFields((current) => ({ ...current, subject })),
    setBody: (body: string) => setFields((current) => ({ ...current, body })),
    /** The template at `index` replaces the subject and the text. */
    applyTemplate(index: number) {
      if (templates.data?.templates[index]) {
        setFields(fieldsFromTemplate(templates.data.templates, index));
      }
    },
  };
}

export type BulkMessage = ReturnType<typeof useBulkMessage>;
