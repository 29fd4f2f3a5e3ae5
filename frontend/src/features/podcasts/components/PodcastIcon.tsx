import { Icon as LineIcon, type IconProps } from '../../../shared/icons';

/** A microphone: the Podcasts section's icon (a line icon like shared/icons', 24×24, stroke = currentColor). */
export function PodcastIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M5 10v1a7 7 0 0 0 14 0v-1" />
      <path d="M12 18v4" />
      <path d="M8 22h8" />
    </LineIcon>
  );
}

/** Back a few seconds: a counter-clockwise arrow. */
export function SkipBackSecondsIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 12a9 9 0 1 0 3-6.7" />
      <path d="M3 3v6h6" />
    </LineIcon>
  );
}

/** Forward a few seconds: a clockwise arrow. */
export function SkipForwardSecondsIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M21 12a9 9 0 1 1-3-6.7" />
      <path d="M21 3v6h-6" />
    </LineIcon>
  );
}

/** An RSS feed. */
export function RssIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 11a9 9 0 0 1 9 9" />
      <path d="M4 4a16 16 0 0 1 16 16" />
      <circle cx="5" cy="19" r="1" />
    </LineIcon>
  );
}
