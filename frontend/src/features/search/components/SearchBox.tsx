import type { MouseEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { ActionIcon, Box, Button, CloseButton, Combobox, Group, TextInput, useCombobox } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { SearchIcon } from '../../../shared/icons';
import { MAX_QUERY_LENGTH, SEARCH_MESSAGES, cleanQuery } from '../rules';

export const SEARCH_BOX_PLACEHOLDER = 'Search videos, shorts and people...';

/** Keeps the focus in the box when a button of the dropdown is pressed, so the dropdown stays open. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * The search box (seed 002 §2.11): its dropdown lists the recent searches (each removable, and 'Clear') while the box
 * is empty, and the matching recent searches then the suggestions while typing. Enter or a picked entry runs the
 * search.
 */
export const SearchBox = observer(function SearchBox() {
  const { search } = useStores();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const { recent, suggestions } = search.dropdown;
  const typing = cleanQuery(search.input) !== null;

  const run = (text: string) => {
    if (search.search(text)) combobox.closeDropdown();
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="Search videos and people"
      onSubmit={(event) => {
        event.preventDefault();
        run(search.input);
      }}
    >
      <Combobox store={combobox} onOptionSubmit={run}>
        <Combobox.Target withExpandedAttribute>
          <TextInput
            aria-label="Search"
            placeholder={SEARCH_BOX_PLACEHOLDER}
            value={search.input}
            maxLength={MAX_QUERY_LENGTH}
            radius="xl"
            size="md"
            onChange={(event) => {
              search.setInput(event.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={() => combobox.openDropdown()}
            onClick={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            leftSection={<SearchIcon size={16} />}
            rightSection={
              <ActionIcon type="submit" variant="subtle" color="gray" radius="xl" aria-label="Submit search">
                <SearchIcon size={16} />
              </ActionIcon>
            }
          />
        </Combobox.Target>

        <Combobox.Dropdown hidden={recent.length + suggestions.length === 0}>
          <Combobox.Options aria-label="Search suggestions">
            {recent.length > 0 && (
              <Combobox.Group label={SEARCH_MESSAGES.recentHeading}>
                {recent.map((entry) => (
                  <Group key={entry} gap={0} wrap="nowrap">
                    <Combobox.Option value={entry} style={{ flex: 1 }}>
                      {entry}
                    </Combobox.Option>
                    <CloseButton
                      size="sm"
                      aria-label={`Remove "${entry}" from recent searches`}
                      onMouseDown={keepFocus}
                      onClick={() => search.removeRecent(entry)}
                    />
                  </Group>
                ))}
              </Combobox.Group>
            )}
            {suggestions.length > 0 && (
              <Combobox.Group label={SEARCH_MESSAGES.suggestionsHeading}>
                {suggestions.map((entry) => (
                  <Combobox.Option key={entry} value={entry}>
                    {entry}
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            )}
          </Combobox.Options>
          {!typing && recent.length > 0 && (
            <Combobox.Footer>
              <Group justify="flex-end">
                <Button variant="subtle" size="compact-xs" onMouseDown={keepFocus} onClick={search.clearRecent}>
                  Clear
                </Button>
              </Group>
            </Combobox.Footer>
          )}
        </Combobox.Dropdown>
      </Combobox>
    </Box>
  );
});
