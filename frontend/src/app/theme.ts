import { AA_CONTRAST as AA, contrastRatio, toHex } from '../shared/contrast';
import { Alert, Anchor, createTheme, darken, DEFAULT_THEME, Drawer, lighten, localStorageColorSchemeManager, Menu, Modal, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // indigo.7 under white text is 5:1 (indigo.6, Mantine's default shade, is 4.3:1, under WCAG AA's 4.5:1).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    // A menu's list holds its items only (ARIA's menu): no focusable placeholder; opening it focuses the first item.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    // Links stand out from the text around them by more than colour (dark mode's indigo.4 is 1.8:1 against its text).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Every dialog's and alert's close button has a name.
    Alert: Alert.extend({ defaultProps: { closeButtonLabel: 'Dismiss' } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
  },
});

/** The light/dark choice persists in localStorage under this key. */
export const COLOR_SCHEME_KEY = 'scriven.colorScheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/**
 * The first of `shades` (from index `from`, towards `step`'s end) that reads at AA on every one of `backgrounds`; when
 * none does, the last one darkened (or lightened) until it does.
 */
function readableShade(shades: MantineColorsTuple, from: number, step: 1 | -1, backgrounds: string[]): string {
  const passes = (c: string) => backgrounds.every((bg) => contrastRatio(toHex(c), bg) >= AA);
  for (let i = from; i >= 0 && i < shades.length; i += step) if (passes(shades[i])) return shades[i];
  const last = shades[step === 1 ? shades.length - 1 : 0];
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const c = toHex(step === 1 ? darken(last, amount) : lighten(last, amount));
    if (passes(c)) return c;
  }
  return step === 1 ? '#000000' : '#ffffff';
}

/**
 * Every colour's variants readable at WCAG AA (4.5:1), found by axe in the built app: Mantine's light-mode text and
 * filled shade of yellow, orange, green, teal, cyan and red (white on green.7 is 2.8:1; yellow.7 text on white 2.1:1),
 * the light variant's text on its hover background (indigo.9 on indigo.2 is 4.1:1), and dark mode's filled shade.
 * A shade that already passes is kept; one that does not becomes the next darker (or lighter) one that does.
 */
function readableColourVariables(scheme: 'light' | 'dark'): Record<string, string> {
  const vars: Record<string, string> = {};
  const white = '#ffffff';
  const dark = DEFAULT_THEME.colors.dark;
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    if (scheme === 'light') {
      const filled = readableShade(shades, 7, 1, [white, DEFAULT_THEME.colors.gray[0]]);
      vars[`--mantine-color-${name}-filled`] = filled;
      vars[`--mantine-color-${name}-filled-hover`] = toHex(darken(filled, 0.1));
      vars[`--mantine-color-${name}-text`] = filled;
      vars[`--mantine-color-${name}-outline`] = filled;
      vars[`--mantine-color-${name}-light-color`] = readableShade(shades, 9, 1, [shades[0], shades[1], shades[2]]);
    } else {
      const filled = readableShade(shades, 8, 1, [white]);
      vars[`--mantine-color-${name}-filled`] = filled;
      vars[`--mantine-color-${name}-filled-hover`] = toHex(darken(filled, 0.1));
      // Text and outlines on the dark body, its papers and the light variant's background.
      const onDark = [dark[6], dark[7], toHex(darken(shades[9], 0.3))];
      vars[`--mantine-color-${name}-text`] = readableShade(shades, 4, -1, onDark);
      vars[`--mantine-color-${name}-outline`] = readableShade(shades, 4, -1, onDark);
    }
  }
  return vars;
}

/**
 * Secondary ("dimmed") text dark enough to read: Mantine's default in light mode is gray.6, 3.3:1 on white, under
 * WCAG AA's 4.5:1; gray.7 is 7.5:1. Every colour's text, filled and light variants readable too
 * (readableColourVariables).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Placeholders readable too (gray.5 on white is 2.1:1; dark.3 on an input's dark.6 2.5:1).
  light: { ...readableColourVariables('light'), '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': '#697079' },
  // Dark mode's dimmed (dark.2) is 4.0:1 on the dark body: #a8a8a8 is 6.5:1 there, 5.7:1 on a dark.6 card.
  dark: { ...readableColourVariables('dark'), '--mantine-color-dimmed': '#a8a8a8', '--mantine-color-placeholder': '#a3a3a3' },
});
