import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { ActionIcon, Box, CloseButton, TextInput } from '@mantine/core';
import { useStores } from '../../stores/StoreProvider';
import { SearchIcon } from '../../shared/icons';
import { MAX_QUERY_LENGTH } from '../../features/search/rules';
import { HEADER_SECTIONS, searchToast } from './headerActions';
import { registeredSection } from './sections';
import { useSectionNavigation } from '../../stores/useSectionNavigation';

export const SEARCH_PLACEHOLDER = 'Search videos, channels, creators...';

interface SearchFormProps {
  id: string;
  query: string;
  onQueryChange: (query: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  autoFocus?: boolean;
}

function SearchForm({ id, query, onQueryChange, onSubmit, autoFocus }: SearchFormProps) {
  return (
    <Box component="form" role="search" id={id} onSubmit={onSubmit} flex={1}>
      <TextInput
        type="search"
        aria-label="Search"
        placeholder={SEARCH_PLACEHOLDER}
        value={query}
        maxLength={MAX_QUERY_LENGTH}
        onChange={(event) => onQueryChange(event.currentTarget.value)}
        autoFocus={autoFocus}
        radius="xl"
        rightSection={
          <ActionIcon type="submit" variant="subtle" color="gray" radius="xl" aria-label="Submit search">
            <SearchIcon size={16} />
          </ActionIcon>
        }
      />
    </Box>
  );
}

/**
 * The header's search form (seed 000 §2). A trimmed, non-empty query opens the search section with its results (the
 * search store runs it); without a search section, an info toast repeats the query (seed 002 §2.2). On small screens an
 * icon button reveals the form over the whole header bar; Escape or its close button hides it again and gives the focus
 * back to the icon button.
 */
export const HeaderSearch = observer(function HeaderSearch() {
  const { search, notify } = useStores();
  const { openSection } = useSectionNavigation();
  const [query, setQuery] = useState('');
  const [revealed, setRevealed] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  const hide = () => {
    setRevealed(false);
    toggle.current?.focus();
  };

  const hideOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    hide();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    const section = registeredSection(HEADER_SECTIONS.search);
    if (section) {
      search.search(text);
      openSection(section);
    } else {
      notify.info(searchToast(text), { action: 'header.search' });
    }
  };

  return (
    <>
      <Box visibleFrom="sm" flex={1} maw={560}>
        <SearchForm id="header-search" query={query} onQueryChange={setQuery} onSubmit={submit} />
      </Box>
      <ActionIcon
        ref={toggle}
        variant="subtle"
        color="gray"
        size="lg"
        hiddenFrom="sm"
        aria-label="Show search"
        aria-expanded={revealed}
        aria-controls="header-search-small"
        onClick={() => setRevealed(true)}
      >
        <SearchIcon />
      </ActionIcon>
      {revealed && (
        <Box
          hiddenFrom="sm"
          pos="absolute"
          top={0}
          left={0}
          right={0}
          h="100%"
          px="sm"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 300 /* above the bell's badge */, display: 'flex', alignItems: 'center', gap: 'var(--mantine-spacing-xs)' }}
          onKeyDown={hideOnEscape}
        >
          <SearchForm id="header-search-small" query={query} onQueryChange={setQuery} onSubmit={submit} autoFocus />
          <CloseButton aria-label="Hide search" onClick={hide} />
        </Box>
      )}
    </>
  );
});
