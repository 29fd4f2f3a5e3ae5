import { DEFAULT_THEME } from '@mantine/core';
import { contrastRatio, textOn } from '../shared/contrast';
import { cssVariablesResolver, theme } from './theme';

const vars = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME);
const colours = Object.keys(DEFAULT_THEME.colors).filter((name) => name !== 'dark' && name !== 'gray');
const dark = DEFAULT_THEME.colors.dark;
/** A variable's colour: itself, or the palette shade it names. */
const value = (v: string) => v.replace(/^var\(--mantine-color-(\w+)-(\d)\)$/, (_, name: string, shade: string) => DEFAULT_THEME.colors[name][Number(shade)]);

describe('theme colours read at WCAG AA (4.5:1)', () => {
  test.each(colours)('%s in light mode: text and outlines on white, white on filled, the light variant on its backgrounds', (name) => {
    const shades = DEFAULT_THEME.colors[name];
    const light = vars.light;
    expect(contrastRatio(light[`--mantine-color-${name}-text`], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', light[`--mantine-color-${name}-filled`])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', light[`--mantine-color-${name}-filled-hover`])).toBeGreaterThanOrEqual(4.5);
    for (const background of [shades[1], shades[2]]) expect(contrastRatio(light[`--mantine-color-${name}-light-color`], background)).toBeGreaterThanOrEqual(4.5);
  });

  test.each(colours)('%s in dark mode: text on the dark body and cards, white on filled', (name) => {
    for (const background of [dark[6], dark[7]]) expect(contrastRatio(vars.dark[`--mantine-color-${name}-text`], background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', vars.dark[`--mantine-color-${name}-filled`])).toBeGreaterThanOrEqual(4.5);
  });

  test('dimmed text and placeholders', () => {
    expect(contrastRatio(value(vars.light['--mantine-color-dimmed']), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars.light['--mantine-color-placeholder'], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    for (const background of [dark[6], dark[7]]) {
      expect(contrastRatio(vars.dark['--mantine-color-dimmed'], background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(vars.dark['--mantine-color-placeholder'], background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('a shade that already reads is kept: indigo (the primary colour) stays indigo.7 in light mode', () => {
    expect(vars.light['--mantine-color-indigo-filled']).toBe(DEFAULT_THEME.colors.indigo[7]);
  });

  test('text on a colour of its own (team logos) is white or black, whichever reads', () => {
    expect(textOn('#0ea5e9')).toBe('#000000');
    expect(textOn('#1e3a8a')).toBe('#ffffff');
    expect(contrastRatio(textOn('#ca8a04'), '#ca8a04')).toBeGreaterThanOrEqual(4.5);
  });
});
