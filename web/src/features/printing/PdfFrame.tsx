import { Center, Loader, Text } from "@mantine/core";
import type { RefObject } from "react";

/** The PDF drawn by the browser's own viewer: what will print is what is shown. */
export function PdfFrame({
  url,
  loading,
  frameRef,
  height = "75vh",
}: {
  url: string | null;
  loading: boolean;
  frameRef?: RefObject<HTMLIFrameElement | null>;
  height?: string;
}) {
  if (!url) {
    return (
      <Center h={height}>
        {loading ? <Loader aria-label="Making the PDF" /> : <Text c="dimmed">No preview.</Text>}
      </Center>
    );
  }
  return (
    <iframe
      ref={frameRef}
      title="Document preview"
      src={url}
      style={{ width: "100%", height, border: "1px solid var(--mantine-color-gray-4)" }}
      data-loading={loading ? "true" : "false"}
    />
  );
}
