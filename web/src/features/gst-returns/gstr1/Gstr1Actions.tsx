import { Button, Text, Tooltip } from "@mantine/core";

/** GSTR-1 / IFF's action bar: the files, the email, and Mark as filed. */
export function Gstr1Actions(props: {
  filesBlocked: boolean;
  filingBlocked: boolean;
  /** Why Mark as filed is not offered yet (a period still running), shown beside it. */
  filingReason?: string | null;
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
      <Tooltip label={props.filingReason} disabled={!props.filingReason} multiline w={260}>
        <Button onClick={props.onMarkFiled} disabled={props.filingBlocked}>
          Mark as filed
        </Button>
      </Tooltip>
      {props.filingReason && (
        <Text size="xs" c="dimmed" maw={260}>
          {props.filingReason}
        </Text>
      )}
    </>
  );
}
