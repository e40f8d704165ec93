import { Anchor, Button, Container, Stack, Text, Textarea, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { describeErrorMessage } from "../../api/errors.ts";
import { apiRequest } from "../../api/http.ts";
import { SUPPORT_EMAIL } from "../../app/error-screen/crash-report.ts";
import { notify } from "../../app/notify.tsx";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { useOwnUser } from "../profile/own-user.api.ts";

/** The server's limit on one message (server/src/modules/support/support.schemas.ts). */
export const SUPPORT_QUERY_MAX = 5000;
export const SUPPORT_QUERY_REQUIRED = "Please write your question or feedback.";
export const SEND_SUPPORT_QUERY_FAILED = "Could not send your message";

/**
 * /{org}/{year}/support-or-feedback (spec 2.3, 2.4): a question or feedback for Bahi's support,
 * sent by POST /misc/supportquery, which mails it with the person's name, email and support ID
 * (decision 031).
 */
export function SupportPage() {
  usePageTitle("Support or feedback");
  const { organisation, year } = useOrganisationScope();
  const { data: user } = useOwnUser();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (supportQuery: string) =>
      apiRequest<{ success: true; message: string }>("POST", "/misc/supportquery", {
        body: { organisationId: organisation._id, year, supportQuery },
      }),
    onSuccess: (answer) => {
      setText("");
      notify({ type: "success", title: answer.message });
    },
    onError: (failure) =>
      notify({
        type: "danger",
        title: SEND_SUPPORT_QUERY_FAILED,
        message: describeErrorMessage(failure),
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const supportQuery = text.trim();
    if (!supportQuery) {
      setError(SUPPORT_QUERY_REQUIRED);
      return;
    }
    setError(null);
    send.mutate(supportQuery);
  };

  return (
    <Container size="sm">
      <Stack>
        <Title order={1} fz="h2">
          Support or feedback
        </Title>
        <Text>
          Ask a question, report a problem or tell us what would make Bahi better. We reply to your
          email address{user ? ` (${user.email})` : ""}.
        </Text>
        {user && (
          <Text size="sm" c="dimmed">
            Your Support ID is {user.userSupportId}; quote it if you write to us another way.
          </Text>
        )}
        <form onSubmit={submit} noValidate>
          <Stack>
            <Textarea
              label="Your question or feedback"
              required
              autosize
              minRows={6}
              maxLength={SUPPORT_QUERY_MAX}
              value={text}
              error={error}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Text size="xs" c="dimmed" ta="right">
              {text.length} / {SUPPORT_QUERY_MAX}
            </Text>
            <Button type="submit" loading={send.isPending} style={{ alignSelf: "flex-start" }}>
              Send
            </Button>
          </Stack>
        </form>
        <Text size="sm" c="dimmed">
          Or write to <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
        </Text>
      </Stack>
    </Container>
  );
}
