import { useEffect, useRef } from 'react';

/** True when the key press is typing into a field, which must not count towards a sequence. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Calls `onMatch` when the letters of `word` are typed in order anywhere on the page (outside
 * inputs). Any other key starts the sequence again.
 */
export function useKeySequence(word: string, onMatch: () => void, enabled = true): void {
  const typed = useRef('');
  const callback = useRef(onMatch);
  useEffect(() => {
    callback.current = onMatch;
  }, [onMatch]);

  useEffect(() => {
    if (!enabled) return undefined;
    const target = word.toLowerCase();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (event.key.length !== 1) return;
      const next = (typed.current + event.key.toLowerCase()).slice(-target.length);
      typed.current = next;
      if (next === target) {
        typed.current = '';
        callback.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [word, enabled]);
}
