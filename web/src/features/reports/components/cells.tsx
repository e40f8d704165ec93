import { Table, type TableTdProps, type TableThProps } from "@mantine/core";

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
