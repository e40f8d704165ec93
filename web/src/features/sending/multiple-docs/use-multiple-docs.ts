import { DEFAULT_LIST_SORT, type VoucherType } from "@bahi/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "../../../app/notify.tsx";
import type { AccountRecord } from "../../../components/inputs/account-options.ts";
import { fetchListPage } from "../../lists/lists.api.ts";
import { type BulkResult, SENDING_TOASTS, type SendChannel, sendBulk } from "../sending.api.ts";
import {
  addressOf,
  checkSend,
  chooseAll,
  sendFailedTitle,
  sendPayload,
  toggleChosen,
} from "./multiple-docs.model.ts";
import { useBulkMessage } from "./use-bulk-message.ts";

/**
 * Send Multiple Docs' state: the party and the type of its documents (asked for once a party is
 * chosen), the documents chosen, the channel and address, the message, and the send with its
 * results per document.
 */
export function useMultipleDocs(organisationId: string, year: string) {
  const [account, setAccount] = useState<AccountRecord | null>(null);
  const [type, setType] = useState<VoucherType>("salesInvoice");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [channel, setChannel] = useState<SendChannel>("email");
  const [to, setTo] = useState("");
  const [sending, setSending] = useState(false);
  // One id per send: a second click while it runs queues nothing more; a new id after each answer.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [results, setResults] = useState<BulkResult[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chatUrl, setChatUrl] = useState<string | null>(null);
  const message = useBulkMessage({
    organisationId,
    accountId: account?._id ?? null,
    type,
    channel,
  });

  const documents = useQuery({
    queryKey: ["multiple-docs", organisationId, year, type, account?._id],
    enabled: account !== null,
    queryFn: ({ signal }) =>
      fetchListPage(
        {
          organisationId,
          year,
          type,
          view: "live",
          page: 1,
          pageSize: 100,
          sort: DEFAULT_LIST_SORT,
          search: "",
          filters: { account: account?._id ?? "" },
        },
        signal,
      ),
  });

  async function send() {
    const draft = {
      accountId: account?._id ?? null,
      chosen,
      channel,
      to,
      subject: message.subject,
      body: message.body,
    };
    const stop = checkSend(draft);
    if (stop?.kind === "fillAll" || !draft.accountId) {
      notify({ type: "danger", title: SENDING_TOASTS.fillAll });
      return;
    }
    if (stop?.kind === "address") {
      setProblem(stop.problem.message);
      notify({ type: "danger", title: stop.problem.title, message: stop.problem.message });
      return;
    }
    setSending(true);
    setResults(null);
    try {
      const answer = await sendBulk(
        channel,
        sendPayload({ ...draft, accountId: draft.accountId }, { organisationId, type, requestId }),
      );
      setRequestId(crypto.randomUUID());
      setResults(answer.results);
      setChatUrl(answer.chatUrl ?? null);
      if (answer.chatUrl) {
        const chat = window.open(answer.chatUrl, "_blank");
        if (chat) chat.opener = null;
      }
      if (answer.success) notify({ type: "success", title: answer.message });
      else notify({ type: "danger", title: sendFailedTitle(channel), message: answer.message });
    } catch {
      // The client showed the danger toast.
    } finally {
      setSending(false);
    }
  }

  return {
    account,
    type,
    chosen,
    channel,
    to,
    sending,
    results,
    problem,
    chatUrl,
    message,
    documents,
    rows: documents.data?.records ?? [],
    /** Another party: nothing chosen, no results, its saved address. */
    pickAccount(next: AccountRecord | null) {
      setAccount(next);
      setChosen(new Set());
      setResults(null);
      setTo(addressOf(next, channel));
    },
    pickType(next: VoucherType) {
      setType(next);
      setChosen(new Set());
      setResults(null);
    },
    pickChannel(next: SendChannel) {
      setChannel(next);
      setTo(addressOf(account, next));
      setProblem(null);
    },
    changeTo(next: string) {
      setTo(next);
      setProblem(null);
    },
    toggle: (id: string, on: boolean) => setChosen((current) => toggleChosen(current, id, on)),
    chooseAll(on: boolean) {
      setChosen(chooseAll(documents.data?.records ?? [], on));
    },
    send: () => void send(),
  };
}

export type MultipleDocs = ReturnType<typeof useMultipleDocs>;
