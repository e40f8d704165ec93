import { Button, SegmentedControl, Text, Tooltip } from "@mantine/core";
import type { ItcBasis } from "../gstr3b.api.ts";

/** ITC as per books, or as per GSTR-2B (matched only), once a GSTR-2B is imported. */
export function ItcBasisControl(props: { value: ItcBasis; onChange: (basis: ItcBasis) => void }) {
  return (
    <SegmentedControl
      aria-label="ITC basis"
      value={props.value}
      onChange={(value) => props.onChange(value === "2b" ? "2b" : "books")}
      data={[
        { value: "books", label: "ITC as per books" },
        { value: "2b", label: "ITC as per 2B, matched only" },
      ]}
    />
  );
}

/** GSTR-3B's action bar: the portal's JSON, and Mark as filed. */
export function Gstr3bActions(props: {
  downloadBlocked: boolean;
  filingBlocked: boolean;
  /** Why Mark as filed is not offered yet (a period still running), shown beside it. */
  filingReason?: string | null;
  onDownload: () => void;
  onMarkFiled: () => void;
}) {
  return (
    <>
      <Button variant="default" onClick={props.onDownload} disabled={props.downloadBlocked}>
        Download JSON
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
