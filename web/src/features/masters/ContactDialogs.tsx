import { type ContactProblem, validateEmail, validatePhone } from "@bahi/domain";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "../../app/notify.tsx";
import { addAccountEmail, addAccountPhone, MASTER_TOASTS, refreshAccounts } from "./masters.api.ts";

export interface ContactDialogProps {
  opened: boolean;
  organisationId: string;
  accountId: string;
  /** Shown so the person knows whose contact this is. */
  accountName?: string;
  onClose: () => void;
  /** After the server saved it (the send dialog opens next, spec 4). */
  onSaved?: (value: string) => void;
}

interface ContactKind {
  title: string;
  label: string;
  inputType: "email" | "tel";
  validate: (text: string) => ContactProblem | null;
  save: (organisationId: string, accountId: string, value: string) => Promise<unknown>;
  saved: string;
}

const EMAIL: ContactKind = {
  title: "Add Email Address",
  label: "Email address",
  inputType: "email",
  validate: validateEmail,
  save: addAccountEmail,
  saved: MASTER_TOASTS.emailSaved,
};

const PHONE: ContactKind = {
  title: "Add Phone Number",
  label: "Phone number",
  inputType: "tel",
  validate: validatePhone,
  save: addAccountPhone,
  saved: MASTER_TOASTS.phoneSaved,
};

/** spec 2.8 Add Email Address; spec 5 "Add email": its two messages, as toast and inline. */
export function AddEmailDialog(props: ContactDialogProps) {
  return <ContactDialog kind={EMAIL} {...props} />;
}

/** spec 2.8 Add Phone Number; spec 5 "Add phone": digits, spaces, +, - and (), 10 or more. */
export function AddPhoneDialog(props: ContactDialogProps) {
  return <ContactDialog kind={PHONE} {...props} />;
}

function ContactDialog({
  kind,
  opened,
  organisationId,
  accountId,
  accountName,
  onClose,
  onSaved,
}: ContactDialogProps & { kind: ContactKind }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function close() {
    setValue("");
    setProblem(null);
    onClose();
  }

  async function save() {
    if (saving) return;
    const invalid = kind.validate(value);
    if (invalid) {
      setProblem(invalid.message);
      notify({ type: "danger", title: invalid.title, message: invalid.message });
      return;
    }
    setSaving(true);
    try {
      await kind.save(organisationId, accountId, value.trim());
      notify({ type: "success", title: kind.saved });
      void refreshAccounts(queryClient, organisationId);
      onSaved?.(value.trim());
      close();
    } catch {
      // The client showed the catalogue's danger toast ('Failed to save …').
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={kind.title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          {accountName && (
            <Text size="sm" c="dimmed">
              For {accountName}
            </Text>
          )}
          <TextInput
            label={kind.label}
            type={kind.inputType}
            data-autofocus
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
