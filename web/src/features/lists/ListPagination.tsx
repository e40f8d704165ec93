import { LIST_PAGE_SIZES } from "@bahi/domain";
import { Button, Group, Select, Text, TextInput } from "@mantine/core";
import { memo, useState } from "react";
import { buildPaginationItems, checkGoToPage, sanitiseGoToPage } from "./pagination.ts";

/** spec 2.5, 5, 9: Prev, pages with '...', Next; Go to Page; items per page. */
export const ListPagination = memo(function ListPagination({
  page,
  pageCount,
  pageSize,
  onPage,
  onPageSize,
}: {
  page: number;
  pageCount: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      <Group gap={4} component="nav" aria-label="Pagination" wrap="wrap">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Prev
        </Button>
        {buildPaginationItems(page, pageCount).map((item) =>
          item.kind === "break" ? (
            <Text key={item.key} size="sm" px={4} aria-hidden="true">
              ...
            </Text>
          ) : (
            <Button
              key={item.page}
              size="xs"
              variant={item.current ? "filled" : "default"}
              aria-label={`Page ${item.page}`}
              aria-current={item.current ? "page" : undefined}
              onClick={() => onPage(item.page)}
            >
              {item.page}
            </Button>
          ),
        )}
        <Button
          variant="default"
          size="xs"
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </Group>
      <Group gap="md" align="flex-start" wrap="wrap">
        <GoToPage pageCount={pageCount} onPage={onPage} />
        <Select
          aria-label="Items per page"
          size="xs"
          w={90}
          data={LIST_PAGE_SIZES.map(String)}
          value={String(pageSize)}
          allowDeselect={false}
          onChange={(value) => {
            if (value) onPageSize(Number(value));
          }}
        />
      </Group>
    </Group>
  );
});

/** spec 5 "Pagination": the three messages; the button is disabled while the box is empty. */
const GoToPage = memo(function GoToPage({
  pageCount,
  onPage,
}: {
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (text.trim() === "") return;
    const result = checkGoToPage(text, pageCount);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setText("");
    onPage(result.page);
  };
  return (
    <Group gap={4} align="flex-start" wrap="nowrap">
      <TextInput
        aria-label="Go to Page"
        placeholder="Go to Page"
        size="xs"
        w={110}
        inputMode="numeric"
        value={text}
        error={error}
        onChange={(event) => {
          setText(sanitiseGoToPage(event.currentTarget.value));
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            submit();
          }
        }}
        styles={{ error: { maxWidth: 240, whiteSpace: "normal" } }}
      />
      <Button size="xs" disabled={text.trim() === ""} onClick={submit}>
        Go
      </Button>
    </Group>
  );
});
