import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { apiRequest } from "../../api/http.ts";

/** Any unknown path (spec 2.2). The URL is reported so broken links can be found and fixed. */
export function NotFoundPage() {
  const location = useLocation();
  const url = `${location.pathname}${location.search}`;

  useEffect(() => {
    apiRequest("POST", "/misc/fourzerofoururlsave", { body: { url } }).catch(() => {
      // Reporting is best effort: a failed report must not disturb the page.
    });
  }, [url]);

  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Text fz={64} fw={700} c="blue.6" lh={1}>
          404
        </Text>
        <Title order={1} fz="h2">
          Page not found
        </Title>
        <Text c="dimmed" ta="center" maw={420}>
          The page{" "}
          <Text span ff="monospace">
            {location.pathname}
          </Text>{" "}
          does not exist. Check the address, or go back to your books.
        </Text>
        <Button component={Link} to="/">
          Go to home
        </Button>
      </Stack>
    </Center>
  );
}
