import { Anchor, Button, Container, List, Stack, Text, Textarea, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
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

/** A row of GET /support/supportlinks (decision 034). */
export interface HelpLink {
  title: string;
  url: string;
}

/**
 * The page the person came from: `?from=` first, else the sidebar's state ({ from: pathname }).
 * Only a path of the app counts; anything else asks for the general list.
 */
export function usePageAskedAbout(): string | undefined {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const state = location.state as { from?: unknown } | null;
  const from = searchParams.get("from") ?? (typeof state?.from === "string" ? state.from : "");
  return from.startsWith("/") && !from.startsWith("//") && !from.includes("support-or-feedback")
    ? from.split(/[?#]/)[0]
    : undefined;
}

/** Help for the page the person came from, or the general list (GET /support/supportlinks). */
function HelpLinks() {
  const pageLink = usePageAskedAbout();
  const { data } = useQuery({
    queryKey: ["support", "supportlinks", pageLink ?? ""],
    queryFn: () =>
      apiRequest<{ success: true; forPage: boolean; data: HelpLink[] }>(
        "GET",
        "/support/supportlinks",
        pageLink ? { query: { pageLink } } : {},
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!data || data.data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="help-links-heading">
      <Title order={2} fz="h4" id="help-links-heading">
        {data.forPage ? "Help for this page" : "Help"}
      </Title>
      <List spacing={4}>
        {data.data.map((link) => (
          <List.Item key={link.url}>
            <Anchor href={link.url} target="_blank" rel="noopener noreferrer">
              {link.title}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * /{org}/{year}/support-or-feedback (spec 2.3, 2.4): a question or feedback for Bahi's support,
 * sent by POST /misc/supportquery, which mails it with the person's name, email and support ID
 * (decision 031), with links to help for the page the person came from (decision 034).
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
        <HelpLinks />
        <Text size="sm" c="dimmed">
          Or write to <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
        </Text>
      </Stack>
    </Container>
  );
}
