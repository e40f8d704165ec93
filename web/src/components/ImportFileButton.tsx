import { Button, FileButton } from "@mantine/core";

/** A button that asks for one file and hands it on; it spins while the import runs. */
export function ImportFileButton({
  label,
  accept,
  loading,
  onFile,
}: {
  label: string;
  /** The file input's accept list: extensions and media types. */
  accept: string;
  loading: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <FileButton accept={accept} onChange={(file) => file && onFile(file)}>
      {(props) => (
        <Button {...props} loading={loading}>
          {label}
        </Button>
      )}
    </FileButton>
  );
}
