import { TextInput } from "@mantine/core";
import { SelectInput } from "../../../components/inputs/SelectInput.tsx";
import { PlaceholderTextarea } from "../PlaceholderTextarea.tsx";
import type { SendChannel } from "../sending.api.ts";
import { templateOptions } from "./multiple-docs.model.ts";
import type { BulkMessage } from "./use-bulk-message.ts";

/** The template (when there is a choice), the subject (email) and the message. */
export function MessageFields({
  message,
  channel,
}: {
  message: BulkMessage;
  channel: SendChannel;
}) {
  return (
    <>
      {message.templates.length > 1 && (
        <SelectInput
          label="Template"
          data={templateOptions(message.templates)}
          value={message.template}
          onChange={(value) => message.applyTemplate(Number(value))}
          allowDeselect={false}
        />
      )}
      {channel === "email" && (
        <TextInput
          label="Subject"
          value={message.subject}
          onChange={(event) => message.setSubject(event.currentTarget.value)}
        />
      )}
      <PlaceholderTextarea
        label="Message"
        value={message.body}
        onChange={message.setBody}
        minRows={6}
        available={message.help.available}
        description={message.help.description}
      />
    </>
  );
}
