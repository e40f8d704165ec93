import { Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { describeErrorMessage } from "../../../api/http.ts";
import { notify } from "../../../app/notify.tsx";
import { cancelIrn, type EInvoiceRow } from "../einvoice.api.ts";
import { CANCEL_REASON_OPTIONS, cancelBody, cancelTitle } from "../einvoice.model.ts";

/** Records an IRN cancelled on the IRP: the reason (the IRP's codes) and a remark. */
export function CancelIrnModal({
  row,
  organisationId,
  onClose,
  onDone,
}: {
  row: EInvoiceRow | null;
  organisationId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState<string | null>(null);
  const [remark, setRemark] = useState("");
  const cancel = useMutation({
    mutationFn: () =>
      cancelIrn(cancelBody({ organisationId, entryId: row?.entryId, reason, remark })),
    onSuccess: (answer) => {
      notify({ type: "success", title: "IRN cancelled", message: answer.message });
      setReason(null);
      setRemark("");
      onDone();
      onClose();
    },
    onError: (error) =>
      notify({ type: "danger", title: "Not cancelled", message: describeErrorMessage(error) }),
  });
  return (
    <Modal opened={row !== null} onClose={onClose} title={cancelTitle(row)}>
      <Stack>
        <Text size="sm">
          Cancel it on the IRP first (possible within 24 hours of the Ack Date), then record the
          cancellation here. After 24 hours, amend the invoice by a credit or debit note.
        </Text>
        <Select
          label="Reason"
          data={CANCEL_REASON_OPTIONS}
          value={reason}
          onChange={setReason}
          allowDeselect={false}
        />
        <TextInput
          label="Remark"
          maxLength={100}
          value={remark}
          onChange={(event) => setRemark(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            color="red"
            disabled={!reason}
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            Record cancellation
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
