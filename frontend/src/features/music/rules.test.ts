import { emptyTally, flush, formatDuration, MUSIC_MESSAGES, REPORT_EVERY_SECONDS, seekTime, tick, trackUploadProblems, waveformPath, type ListeningTally } from './rules';

const file = new File([new Uint8Array([0xff, 0xfb, 0x90, 0x00])], 'song.mp3', { type: 'audio/mpeg' });
const form = { file, title: 'Night Bus Home', artist: 'Music Creator', album: '', genre: 'Electronic' as const, contentType: 'audio' as const, monetizationEnabled: false };

describe('the music upload form', () => {
  it('needs a file, a title and an artist, with the seed message for the file', () => {
    expect(trackUploadProblems(form)).toEqual({});
    expect(trackUploadProblems({ ...form, file: null, title: '  ', artist: '' })).toEqual({ file: 'Please select a file', title: 'Please enter a title', artist: 'Please enter an artist' });
    expect(MUSIC_MESSAGES.uploadFailed('File too large')).toBe('Upload failed: File too large');
  });
});

describe('listening reports', () => {
  /** Plays from `from` to `to` in quarter-second ticks; the reports sent. */
  const play = (t: ListeningTally, from: number, to: number) => {
    const reports: number[] = [];
    for (let time = from; time <= to + 1e-9; time += 0.25) {
      const r = tick(t, time);
      t = r.tally;
      if (r.report) reports.push(r.report);
    }
    return { t, reports };
  };

  it('reports the seconds heard every 15 s of playing, and the rest when the track stops', () => {
    const { t, reports } = play(emptyTally(), 0, 40);
    expect(reports).toEqual([REPORT_EVERY_SECONDS, REPORT_EVERY_SECONDS]);
    expect(flush(t).report).toBe(10);
    expect(flush(flush(t).tally).report).toBeNull();
  });

  it('does not count a seek as listening', () => {
    let { t } = play(emptyTally(), 0, 5);
    t = tick(t, 120).tally; // jumped ahead
    ({ t } = play(t, 120, 125));
    expect(flush(t).report).toBe(10);
  });

  it('sends nothing for under a second', () => {
    const { t } = play(emptyTally(), 0, 0.5);
    expect(flush(t).report).toBeNull();
  });
});

describe('the waveform', () => {
  it('draws one bar per peak, silence at least one unit tall, and nothing without peaks', () => {
    const path = waveformPath([0, 50, 100], 30, 20);
    expect(path.match(/M/g)).toHaveLength(3);
    expect(path).toContain('M0 9.5h7v1h-7z'); // silence: a 1-unit bar in the middle
    expect(path).toContain('M20 0h7v20h-7z'); // the loudest: the whole height
    expect(waveformPath([], 30, 20)).toBe('');
    expect(waveformPath([NaN, -5, 500], 30, 20).match(/M/g)).toHaveLength(3);
  });

  it('turns a click into a time within the track', () => {
    expect(seekTime(50, 200, 180)).toBe(45);
    expect(seekTime(-10, 200, 180)).toBe(0);
    expect(seekTime(400, 200, 180)).toBe(180);
    expect(seekTime(10, 200, NaN)).toBe(0);
  });
});

it('formats durations as m:ss and h:mm:ss', () => {
  expect(formatDuration(65)).toBe('1:05');
  expect(formatDuration(3725)).toBe('1:02:05');
  expect(formatDuration(null)).toBe('–');
});
