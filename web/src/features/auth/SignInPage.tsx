import {
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError, apiRequest, GENERIC_ERROR_MESSAGE } from "../../api/http.ts";
import { SESSION_QUERY_KEY } from "../../app/session.tsx";

export function SignInPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await apiRequest("POST", "/auth/login", {
        body: { username: username.trim(), password, version: "v3" },
      });
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      navigate("/", { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Center mih="100vh" p="md" bg="blue.0">
      <Paper component="form" onSubmit={submit} shadow="sm" p="xl" radius="md" w={400} maw="100%">
        <Stack>
          <div>
            <Title order={1} fz="h2">
              Sign in to Bahi
            </Title>
            <Text c="dimmed" size="sm">
              Accounts and GST for your business
            </Text>
          </div>
          {searchParams.get("forceLogout") === "true" && (
            <Text c="orange.8" size="sm" role="status">
              Your session has ended. Please sign in again.
            </Text>
          )}
          <TextInput
            label="Email or mobile number"
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {error && (
            <Text c="red.7" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Button type="submit" loading={submitting} fullWidth>
            Sign in
          </Button>
          <Text size="sm" ta="center">
            New to Bahi? <Anchor href="/signup">Create an account</Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
