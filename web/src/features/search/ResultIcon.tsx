import { ThemeIcon } from "@mantine/core";

const PATHS: Record<string, string> = {
  // A ledger book for accounts, a box for items, a page for transactions.
  account: "M5 4h11a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3zM5 17a3 3 0 0 1 3-3h11",
  item: "M3 8l9-5 9 5v8l-9 5-9-5zM3 8l9 5 9-5M12 13v8",
  transaction: "M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6",
};

const COLOURS: Record<string, string> = { account: "blue", item: "green", transaction: "orange" };

/** spec 2.7: results are listed with an icon and a name. */
export function ResultIcon({ kind }: { kind: string }) {
  return (
    <ThemeIcon variant="light" size="md" color={COLOURS[kind] ?? "gray"} aria-hidden="true">
      <svg
        width={16}
        height={16}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d={PATHS[kind] ?? PATHS.transaction} />
      </svg>
    </ThemeIcon>
  );
}
