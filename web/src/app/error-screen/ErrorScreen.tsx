import { Anchor, Button, Center, Group, Stack, Text, Title } from "@mantine/core";
import { AlertIcon } from "../../components/icons.tsx";
import { buildReportMailto, type CrashReport } from "./crash-report.ts";

/** spec 2.7: the screen shown when a page crashes. */
export function ErrorScreen({ report }: { report: CrashReport }) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={460}>
        <Text c="red.6" aria-hidden="true">
          <AlertIcon size={48} />
        </Text>
        <Title order={1} fz="h2" ta="center">
          We have encountered some errors.
        </Title>
        <Text c="dimmed" ta="center">
          The problem has been reported to us. Refresh the page to carry on, or tell us what you
          were doing.
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Refresh</Button>
          <Button variant="default" component="a" href={buildReportMailto(report)}>
            Report
          </Button>
        </Group>
        <Anchor href="/" size="sm">
          Go to home
        </Anchor>
      </Stack>
    </Center>
  );
}
