import { Text } from "@mantine/core";

/** A form-level failure (the server's message), announced to screen readers. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Text c="red.7" size="sm" role="alert">
      {message}
    </Text>
  );
}
