import {
  Anchor,
  Table,
  type TableTdProps,
  type TableThProps,
  type TableTrProps,
  Text,
} from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";

const FIGURES = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;

/** A right-aligned figure cell (amounts, quantities, balances). */
export function FigureCell({ children, style, ...props }: TableTdProps) {
  return (
    <Table.Td ta="right" style={{ ...FIGURES, ...(style as object) }} {...props}>
      {children}
    </Table.Td>
  );
}

export function FigureHeader({ children, ...props }: TableThProps) {
  return (
    <Table.Th ta="right" style={{ whiteSpace: "nowrap" }} {...props}>
      {children}
    </Table.Th>
  );
}

/**
 * A row of a ledger that opens its voucher (`path`; none for a voucher the screen cannot open):
 * by click anywhere on it, or Enter when it has the focus.
 */
export function VoucherRow({
  path,
  children,
  ...props
}: { path: string | null; children: ReactNode } & Omit<TableTrProps, "onClick">) {
  const navigate = useNavigate();
  const open = () => {
    if (path) void navigate(path);
  };
  return (
    <Table.Tr
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === "Enter") open();
      }}
      tabIndex={path ? 0 : -1}
      style={{ cursor: path ? "pointer" : undefined }}
      {...props}
    >
      {children}
    </Table.Tr>
  );
}

/** A voucher's number, as a link to the voucher when the screen can open it. */
export function VoucherNumberCell({
  path,
  number,
}: {
  path: string | null;
  number: string | null | undefined;
}) {
  return (
    <Table.Td>
      {path ? (
        <Anchor
          component={Link}
          to={path}
          fz="sm"
          // Inside a VoucherRow the link alone acts: one navigation, not two.
          onClick={(event) => event.stopPropagation()}
        >
          {number ?? "—"}
        </Anchor>
      ) : (
        number
      )}
    </Table.Td>
  );
}

/** The one row of a table with nothing to show: the reason, dimmed, across every column. */
export function EmptyTableRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
