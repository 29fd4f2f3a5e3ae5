import { createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // indigo.7 under white text is 5:1 (indigo.6, Mantine's default shade, is 4.3:1, under WCAG AA's 4.5:1).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
});

/** The light/dark choice persists in localStorage under this key. */
export const COLOR_SCHEME_KEY = 'scriven.colorScheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/**
 * Secondary ("dimmed") text dark enough to read: Mantine's default in light mode is gray.6, 3.3:1 on white, under
 * WCAG AA's 4.5:1; gray.7 is 7.5:1. Dark mode keeps its own (dark.2 on dark.7 passes).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
