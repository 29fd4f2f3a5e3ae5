import type { MouseEvent } from 'react';
import { seekTime, waveformPath } from '../rules';

const WIDTH = 1000;
const HEIGHT = 80;

/** The track's waveform from its peaks, the part played in colour; a click seeks there. */
export function Waveform({
  peaks,
  duration,
  progress,
  onSeek,
}: {
  peaks: readonly number[];
  duration: number;
  /** 0..1 of the track played, when it is the one playing. */
  progress: number;
  onSeek: ((seconds: number) => void) | null;
}) {
  const path = waveformPath(peaks, WIDTH, HEIGHT);
  const click = (event: MouseEvent<SVGSVGElement>) => {
    if (!onSeek) return;
    const box = event.currentTarget.getBoundingClientRect();
    onSeek(seekTime(event.clientX - box.left, box.width, duration));
  };
  const played = Math.min(1, Math.max(0, progress)) * WIDTH;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      width="100%"
      height={HEIGHT}
      role="img"
      aria-label="Waveform"
      onClick={click}
      style={{ cursor: onSeek ? 'pointer' : 'default', display: 'block' }}
    >
      <defs>
        <clipPath id="music-waveform-played">
          <rect x={0} y={0} width={played} height={HEIGHT} />
        </clipPath>
      </defs>
      <path d={path} fill="var(--mantine-color-gray-5)" />
      <path d={path} fill="var(--mantine-color-blue-6)" clipPath="url(#music-waveform-played)" />
    </svg>
  );
}
