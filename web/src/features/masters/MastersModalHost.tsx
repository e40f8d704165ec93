import { useEffect } from "react";
import { useParams } from "react-router";
import {
  closeAccountModal,
  closeItemModal,
  useMasterModals,
} from "../../components/inputs/master-modals.ts";
import { AccountModal } from "./AccountModal.tsx";
import { ItemModal } from "./ItemModal.tsx";

/**
 * Shows the Add/Edit Account and Add/Edit Item modals that anything on the organisation's pages
 * asked for (components/inputs/master-modals.ts). Mounted once in the organisation shell.
 */
export function MastersModalHost() {
  const { account, item } = useMasterModals();
  const { organisationId } = useParams();
  // A modal belongs to the organisation it was opened in; leaving it closes the modal.
  useEffect(
    () => () => {
      if (organisationId === undefined) return;
      closeAccountModal();
      closeItemModal();
    },
    [organisationId],
  );
  return (
    <>
      {account && <AccountModal key={account.key} request={account} onClose={closeAccountModal} />}
      {item && <ItemModal key={item.key} request={item} onClose={closeItemModal} />}
    </>
  );
}
