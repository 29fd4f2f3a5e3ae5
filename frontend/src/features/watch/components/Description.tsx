import { Anchor, Spoiler, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const TOKEN = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]])|(\b(?:\d{1,2}:)?\d{1,2}:\d{2}\b)/g;

/** Seconds of a "1:02:03" or "4:05" timestamp. */
export function timestampSeconds(text: string): number {
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** The description's text with its web links as links and its timestamps as buttons that seek the video. */
export function linkify(text: string, onSeek: (seconds: number) => void): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const [whole, url, stamp] = match;
    if (url) {
      out.push(
        <Anchor key={at} href={url} target="_blank" rel="noopener noreferrer nofollow ugc">
          {url}
        </Anchor>,
      );
    } else if (stamp) {
      out.push(
        <Anchor key={at} component="button" type="button" fz="inherit" onClick={() => onSeek(timestampSeconds(stamp))} aria-label={`Go to ${stamp}`}>
          {stamp}
        </Anchor>,
      );
    }
    last = at + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** The video's description: collapsed to a few lines with Show more, links and timestamps live. */
export function Description({ text, onSeek }: { text: string | null; onSeek: (seconds: number) => void }) {
  if (!text?.trim()) return null;
  return (
    <Spoiler maxHeight={72} showLabel="Show more" hideLabel="Show less">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {linkify(text, onSeek)}
      </Text>
    </Spoiler>
  );
}
