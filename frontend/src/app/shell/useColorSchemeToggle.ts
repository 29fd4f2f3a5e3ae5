import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

/**
 * The Light/Dark switch of the header's settings menu; Mantine's colour scheme manager keeps the choice in
 * localStorage (`scriven.colorScheme`), so it persists across visits.
 */
export function useColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  return {
    current: computed,
    next,
    label: next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode',
    toggle: () => setColorScheme(next),
  };
}
