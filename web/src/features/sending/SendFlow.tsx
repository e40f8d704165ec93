import { describeWhatsAppOutcome, validateEmail, validatePhone } from "@bahi/domain";
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { notify } from "../../app/notify.tsx";
import { SelectInput } from "../../components/inputs/SelectInput.tsx";
import { AddEmailDialog, AddPhoneDialog } from "../masters/ContactDialogs.tsx";
import { PlaceholderTextarea } from "./PlaceholderTextarea.tsx";
import { AVAILABLE_PLACEHOLDERS } from "./placeholders.ts";
import { type ContactStep, decideContactStep } from "./send-flow.ts";
import {
  checkContact,
  fetchPrefilledTemplates,
  type PrefilledTemplate,
  SENDING_TOASTS,
  type SendChannel,
  type SendTarget,
  sendMessage,
} from "./sending.api.ts";

/**
 * Send by email or WhatsApp (spec 4): the contact check first, then Add Email Address / Add Phone
 * Number when a debtor or creditor has none, then Send Email / Send WhatsApp prefilled from the
 * template. Mounted while a send is under way; onClose ends it.
 */
export function SendFlow({
  target,
  channel,
  onClose,
}: {
  target: SendTarget;
  channel: SendChannel;
  onClose: () => void;
}) {
  const [step, setStep] = useState<ContactStep | null>(null);
  // The add-contact dialog closes itself after saving; that close leads on to the send dialog.
  const saved = useRef(false);

  useEffect(() => {
    let live = true;
    const ids = target.kind === "document" ? target.entryId : target.accountId;
    if (!target.organisationId || !ids) {
      notify({
        type: "danger",
        title:
          target.kind === "document" ? SENDING_TOASTS.missingEntry : SENDING_TOASTS.missingAccount,
      });
      onClose();
      return;
    }
    checkContact(target, channel).then(
      (contact) => live && setStep(decideContactStep(contact, channel)),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [target, channel, onClose]);

  if (!step) return null;
  if (step.step === "add") {
    const Dialog = channel === "email" ? AddEmailDialog : AddPhoneDialog;
    return (
      <Dialog
        opened
        organisationId={target.organisationId}
        accountId={step.accountId}
        accountName={step.accountName}
        onClose={() => {
          if (!saved.current) onClose();
        }}
        onSaved={(value) => {
          saved.current = true;
          setStep({ step: "send", to: value, accountName: step.accountName });
        }}
      />
    );
  }
  return <SendDialog target={target} channel={channel} to={step.to} onClose={onClose} />;
}

function SendDialog({
  target,
  channel,
  to,
  onClose,
}: {
  target: SendTarget;
  channel: SendChannel;
  to: string;
  onClose: () => void;
}) {
  const email = channel === "email";
  const [templates, setTemplates] = useState<PrefilledTemplate[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [address, setAddress] = useState(to);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [includePdf, setIncludePdf] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // One id for the dialog's sends: a double click or a retry queues the message once.
  const [requestId] = useState(() => crypto.randomUUID());
  // A blocked pop-up keeps the dialog open with the click-to-chat link to follow by hand.
  const [blockedChat, setBlockedChat] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchPrefilledTemplates(target, channel).then(
      ({ templates: found }) => {
        if (!live) return;
        setTemplates(found);
        const first = found[0];
        if (first) {
          setChosen("0");
          setSubject(first.subject ?? "");
          setBody(first.template);
        }
      },
      () => {
        // The client showed the danger toast; the dialog stays, to be filled by hand.
      },
    );
    return () => {
      live = false;
    };
  }, [target, channel]);

  function apply(template: PrefilledTemplate, index: number) {
    setChosen(String(index));
    setSubject(template.subject ?? "");
    setBody(template.template);
  }

  async function send() {
    if (sending) return;
    if (!address.trim() || !body.trim() || (email && !subject.trim())) {
      notify({ type: "danger", title: SENDING_TOASTS.fillAll });
      return;
    }
    const invalid = email ? validateEmail(address) : validatePhone(address);
    if (invalid) {
      setProblem(invalid.message);
      notify({ type: "danger", title: invalid.title, message: invalid.message });
      return;
    }
    setSending(true);
    try {
      const answer = await sendMessage(target, channel, {
        to: address.trim(),
        subject,
        body,
        includePdf,
        requestId,
      });
      if (answer.chatUrl) {
        // Issue 40: click-to-chat sends nothing itself; say so, and only once WhatsApp is open.
        const chat = window.open(answer.chatUrl, "_blank");
        if (!chat) {
          setBlockedChat(answer.chatUrl);
          return;
        }
        chat.opener = null;
      }
      notify({
        type: "success",
        title: email ? SENDING_TOASTS.emailSent : describeWhatsAppOutcome(Boolean(answer.chatUrl)),
      });
      onClose();
    } catch {
      // The client showed 'Could not send email' / 'Could not send message' with the reason.
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={email ? "Send Email" : "Send WhatsApp"} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {target.label}
          </Text>
          <TextInput
            label={email ? "To" : "Phone number"}
            type={email ? "email" : "tel"}
            data-autofocus={address ? undefined : true}
            value={address}
            onChange={(event) => {
              setAddress(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
          />
          {templates.length > 1 && (
            <SelectInput
              label="Template"
              data={templates.map((template, index) => ({
                value: String(index),
                label: template.name,
              }))}
              value={chosen}
              onChange={(value) => {
                const index = Number(value);
                const template = templates[index];
                if (template) apply(template, index);
              }}
              allowDeselect={false}
            />
          )}
          {email && (
            <TextInput
              label="Subject"
              value={subject}
              onChange={(event) => setSubject(event.currentTarget.value)}
            />
          )}
          <PlaceholderTextarea
            label="Message"
            value={body}
            onChange={setBody}
            minRows={6}
            available={
              target.kind === "ledger"
                ? AVAILABLE_PLACEHOLDERS.filter((name) => name !== "link")
                : AVAILABLE_PLACEHOLDERS
            }
          />
          {target.kind === "ledger" && email && (
            <Checkbox
              label="Attach the statement PDF"
              checked={includePdf}
              onChange={(event) => setIncludePdf(event.currentTarget.checked)}
            />
          )}
          {blockedChat && (
            <Alert color="green">
              The browser blocked the new tab.{" "}
              <Anchor href={blockedChat} target="_blank" rel="noopener" onClick={onClose}>
                Open WhatsApp
              </Anchor>{" "}
              and press Send there.
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" loading={sending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
