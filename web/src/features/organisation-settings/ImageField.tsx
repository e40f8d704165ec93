import { Button, FileButton, Group, Image, Paper, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { IMAGE_ACCEPT, IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "./settings-form.ts";

/** A logo or signature: its preview (the chosen file before saving), choose and remove. */
export function ImageField({
  label,
  savedUrl,
  file,
  onFileChange,
  onRemoveSaved,
  removing = false,
  disabled = false,
}: {
  label: string;
  savedUrl: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  onRemoveSaved: () => void;
  removing?: boolean;
  disabled?: boolean;
}) {
  const preview = useObjectUrl(file) ?? savedUrl;
  const [error, setError] = useState<string | null>(null);
  const choose = (chosen: File | null) => {
    if (chosen && chosen.size > MAX_IMAGE_BYTES) {
      setError(IMAGE_TOO_LARGE);
      return;
    }
    setError(null);
    onFileChange(chosen);
  };
  const name = label.toLowerCase();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Paper withBorder p="xs" h={120} w={220} style={{ display: "grid", placeItems: "center" }}>
        {preview ? (
          <Image src={preview} alt={`${label} preview`} mah={104} maw={200} fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            No {name}
          </Text>
        )}
      </Paper>
      {file && (
        <Text size="xs" c="dimmed">
          {file.name}: saved with the settings
        </Text>
      )}
      <Group gap="xs">
        <FileButton onChange={choose} accept={IMAGE_ACCEPT} disabled={disabled}>
          {(props) => (
            <Button size="compact-sm" variant="default" disabled={disabled} {...props}>
              {preview ? `Change ${name}` : `Upload ${name}`}
            </Button>
          )}
        </FileButton>
        {(file || savedUrl) && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            disabled={disabled}
            loading={removing}
            onClick={() => (file ? onFileChange(null) : onRemoveSaved())}
          >
            Remove {name}
          </Button>
        )}
      </Group>
      {error && (
        <Text size="xs" c="red.7" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
