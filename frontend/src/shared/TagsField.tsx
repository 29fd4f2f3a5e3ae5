import type { KeyboardEvent } from 'react';
import { TagsInput, type TagsInputProps } from '@mantine/core';

/**
 * A field of tags (hashtags and the like). Enter adds what was typed, if anything, and never submits the form around
 * it, even with nothing typed: a form with tags is sent with its button only.
 */
export function TagsField({ wrapperProps, ...props }: TagsInputProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    wrapperProps?.onKeyDown?.(event);
    // The input has had the key first (TagsInput adds the typed tag then); here it bubbles, and goes no further.
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  };
  return <TagsInput {...props} wrapperProps={{ ...wrapperProps, onKeyDown }} />;
}
