import { Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One form of the profile page; Enter submits it. */
export function ProfileSection({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const id = `profile-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Paper
      component="form"
      aria-labelledby={id}
      noValidate
      withBorder
      p="md"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack>
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
