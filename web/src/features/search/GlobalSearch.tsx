import { Combobox, Group, Loader, Text, TextInput, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { SEARCH_DEBOUNCE_MS } from "../lists/list-state.ts";
import { ResultIcon } from "./ResultIcon.tsx";
import { useTopSearch } from "./search.api.ts";
import { checkSearchText, describeSearchResultPath } from "./search-results.ts";

/** spec 2.7 global search: accounts, items and entries, from 3 characters. */
export function GlobalSearch({ autoFocus = false }: { autoFocus?: boolean }) {
  const { organisation, year } = useOrganisationScope();
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState("");
  const [searched] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const search = useTopSearch(organisation._id, year, searched);
  const scope = { organisationId: organisation._id, year };
  const tooShort = checkSearchText(text);
  const results = !tooShort && text.trim() === searched.trim() ? (search.data ?? []) : [];
  const waiting = !tooShort && text.trim() !== "" && (search.isFetching || text !== searched);

  const choose = (value: string) => {
    const result = results.find((candidate) => `${candidate.kind}:${candidate._id}` === value);
    const path = result ? describeSearchResultPath(result, scope) : null;
    combobox.closeDropdown();
    if (path) {
      setText("");
      void navigate(path);
    }
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} width={380} position="bottom-start">
      <Combobox.Target>
        <TextInput
          aria-label="Global search"
          placeholder="Search accounts, items, entries"
          value={text}
          autoFocus={autoFocus}
          w={{ base: "100%", sm: 260 }}
          rightSection={waiting ? <Loader size="xs" /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => {
            if (text.trim() !== "") combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            if (event.key === "Enter" && text.trim() !== "") combobox.openDropdown();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={text.trim() === ""}>
        <Combobox.Options aria-label="Search results">
          {tooShort ? (
            <Combobox.Empty>{tooShort}</Combobox.Empty>
          ) : results.length > 0 ? (
            results.map((result) => (
              <Combobox.Option
                value={`${result.kind}:${result._id}`}
                key={`${result.kind}:${result._id}`}
              >
                <Group gap="sm" wrap="nowrap">
                  <ResultIcon kind={result.kind} />
                  <div>
                    <Text size="sm">{result.name}</Text>
                    <Text size="xs" c="dimmed">
                      {result.detail}
                    </Text>
                  </div>
                </Group>
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>{waiting ? "Searching..." : "No Record Available"}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
