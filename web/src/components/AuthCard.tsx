import { Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { usePageTitle } from "./use-page-title.ts";

/** The centred card of the signed-out pages; a form when given onSubmit, so Enter submits. */
export function AuthCard({
  title,
  subtitle,
  onSubmit,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  usePageTitle(title);
  const content = (
    <Stack>
      <div>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
  return (
    <Center mih="100vh" p="md" bg="blue.0">
      {onSubmit ? (
        <Paper
          component="form"
          noValidate
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            event.preventDefault();
            onSubmit(event);
          }}
          shadow="sm"
          p="xl"
          radius="md"
          w={420}
          maw="100%"
        >
          {content}
        </Paper>
      ) : (
        <Paper shadow="sm" p="xl" radius="md" w={420} maw="100%">
          {content}
        </Paper>
      )}
    </Center>
  );
}
