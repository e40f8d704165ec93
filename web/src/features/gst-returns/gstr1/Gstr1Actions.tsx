import { Button } from "@mantine/core";

/** GSTR-1 / IFF's action bar: the files, the email, and Mark as filed. */
export function Gstr1Actions(props: {
  filesBlocked: boolean;
  filingBlocked: boolean;
  onDownload: (format: "json" | "excel") => void;
  onEmail: () => void;
  onMarkFiled: () => void;
}) {
  return (
    <>
      <Button
        variant="default"
        onClick={() => props.onDownload("json")}
        disabled={props.filesBlocked}
      >
        Download JSON
      </Button>
      <Button
        variant="default"
        onClick={() => props.onDownload("excel")}
        disabled={props.filesBlocked}
      >
        Download Excel
      </Button>
      <Button variant="default" onClick={props.onEmail} disabled={props.filesBlocked}>
        Email JSON
      </Button>
      <Button onClick={props.onMarkFiled} disabled={props.filingBlocked}>
        Mark as filed
      </Button>
    </>
  );
}
