import { Alert, Button, Group, Text } from "@mantine/core";
import { InfoIcon } from "../../components/icons.tsx";
import { useChangeFeed } from "./ChangeFeedProvider.tsx";

/** spec 2.7: shown when another tab or person changed what is on screen. */
export function PageRefreshBanner() {
  const { stale } = useChangeFeed();
  if (!stale) return null;
  return (
    <Alert color="orange" variant="light" icon={<InfoIcon />} mb="md" role="status">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          <Text span fw={700} inherit>
            Page Refresh Required:
          </Text>{" "}
          Some changes are made in another tab or by another user
        </Text>
        <Button size="xs" color="orange" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      </Group>
    </Alert>
  );
}
