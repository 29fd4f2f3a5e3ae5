import type { UserEvent } from '@testing-library/user-event';

/**
 * Replaces what a text field holds with `text`, as a user pasting it: the field gets one input event instead of one
 * per key, so a long value does not re-render the form once a character. Type (user.type) where the keys themselves
 * matter: Enter, per-key handling, a suggestion list that follows each key.
 */
export async function fill(user: UserEvent, input: HTMLElement, text: string): Promise<void> {
  await user.clear(input);
  if (text) await user.paste(text);
}
