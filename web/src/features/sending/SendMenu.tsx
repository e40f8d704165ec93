import { isPartyNature } from "@bahi/domain";
import { Button, Menu } from "@mantine/core";
import { useCallback, useState } from "react";
import { notify } from "../../app/notify.tsx";
import { SendFlow } from "./SendFlow.tsx";
import type { SendChannel, SendTarget } from "./sending.api.ts";

const REFUSALS: Record<SendChannel, string> = {
  email: "Email can only be sent for Debtor or Creditor accounts",
  whatsapp: "WhatsApp can only be sent for Debtor or Creditor accounts",
};

/**
 * Send on the print preview and the ledger (spec 4): Email or WhatsApp. A ledger goes only to a
 * debtor or creditor; for any other account the choice answers with the spec's refusal.
 */
export function SendMenu({
  target,
  accountNature,
  disabled,
}: {
  target: SendTarget;
  /** The ledger's account nature; absent for documents. */
  accountNature?: string;
  disabled?: boolean;
}) {
  const [channel, setChannel] = useState<SendChannel | null>(null);
  const close = useCallback(() => setChannel(null), []);
  const choose = (next: SendChannel) => {
    if (accountNature !== undefined && !isPartyNature(accountNature)) {
      notify({ type: "danger", title: REFUSALS[next] });
      return;
    }
    setChannel(next);
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="light" disabled={disabled}>
            Send
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => choose("email")}>Email</Menu.Item>
          <Menu.Item onClick={() => choose("whatsapp")}>WhatsApp</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {channel && <SendFlow target={target} channel={channel} onClose={close} />}
    </>
  );
}
