import { allowedResolutions, defaultEdit, editedDuration, exportHeight, previewEdit, validateEdit, type EditDocument, type SourceFacts } from './edit.js';
import { ValidationError } from '../../../common/errors/domain-error.js';

const source: SourceFacts = { durationSeconds: 60, width: 1920, height: 1080, hasAudio: true };
const yes = async () => true;
const edit = (over: Partial<EditDocument> = {}): EditDocument => ({ ...defaultEdit(60), ...over });

async function problems(doc: EditDocument, facts = source, allowed = yes): Promise<Record<string, string>> {
  try {
    await validateEdit(doc, facts, allowed);
    return {};
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return Object.fromEntries((e as ValidationError).fields!.map((f) => [f.field, f.message]));
  }
}

describe('an edit', () => {
  it('starts as the whole video, at the default volume 75 and speed 1, lasting as long as the source', () => {
    const d = defaultEdit(12.3456);
    expect(d).toEqual({ clips: [{ start: 0, end: 12.346 }], filter: null, transition: null, texts: [], volume: 75, speed: 1, music: null });
    expect(editedDuration(d)).toBe(12.346);
  });

  it('lasts as long as its clips, less half a second per transition, divided by the speed', () => {
    const clips = [
      { start: 0, end: 10 },
      { start: 20, end: 30 },
      { start: 40, end: 50 },
    ];
    expect(editedDuration({ clips, transition: null, speed: 1 })).toBe(30);
    expect(editedDuration({ clips, transition: 'Fade', speed: 1 })).toBe(29);
    expect(editedDuration({ clips, transition: 'Fade', speed: 2 })).toBe(14.5);
    expect(editedDuration({ clips, transition: null, speed: 0.5 })).toBe(60);
  });

  it('is accepted as sent when every operation is within the rules, texts trimmed and times rounded to the millisecond', async () => {
    const doc = edit({
      clips: [
        { start: 1.00049, end: 20 },
        { start: 30, end: 60 },
      ],
      filter: 'Sepia',
      transition: 'Zoom',
      texts: [{ kind: 'title', text: '  Hello: "world" \\ 100%  ', start: 0, end: 3, position: 'top' }],
      volume: 100,
      speed: 2,
      music: { trackId: 't1', volume: 40 },
    });
    const ok = await validateEdit(doc, source, yes);
    expect(ok.clips[0].start).toBe(1);
    expect(ok.texts[0].text).toBe('Hello: "world" \\ 100%');
    expect(ok.music).toEqual({ trackId: 't1', volume: 40 });
  });

  it('refuses clips out of the video, too short, overlapping or out of order, and an empty list', async () => {
    expect(await problems(edit({ clips: [] }))).toEqual({ clips: 'Keep at least one part of the video' });
    expect(Object.keys(await problems(edit({ clips: [{ start: -1, end: 5 }] })))).toEqual(['clips[0]']);
    expect(await problems(edit({ clips: [{ start: 50, end: 61 }] }))).toEqual({ 'clips[0]': 'Each clip must start at 0 or later, end after it starts, and end within the video' });
    expect(await problems(edit({ clips: [{ start: 5, end: 5.2 }] }))).toEqual({ 'clips[0]': 'Each clip must be at least 0.5 seconds long' });
    expect(
      await problems(
        edit({
          clips: [
            { start: 10, end: 20 },
            { start: 15, end: 30 },
          ],
        }),
      ),
    ).toEqual({ 'clips[1]': 'Clips must be in order and must not overlap' });
    expect(await problems(edit({ clips: [{ start: Number.NaN, end: 5 }] }))).toHaveProperty(['clips[0]']);
  });

  it('refuses unknown filters and transitions, volumes and speeds out of range, and clips too short for a transition', async () => {
    expect(await problems(edit({ filter: 'Neon' as never }))).toEqual({ filter: 'filter must be one of Vintage, Black & White, Sepia, Vibrant, Cool, Warm, Dramatic, Soft' });
    expect(await problems(edit({ transition: 'Wipe' as never }))).toEqual({ transition: 'transition must be one of Fade, Slide, Zoom' });
    expect(await problems(edit({ volume: 101 }))).toEqual({ volume: 'volume must be a whole number from 0 to 100' });
    expect(await problems(edit({ volume: 7.5 }))).toEqual({ volume: 'volume must be a whole number from 0 to 100' });
    expect(await problems(edit({ speed: 2.5 }))).toEqual({ speed: 'speed must be a number from 0.5 to 2' });
    expect(await problems(edit({ speed: 0.25 }))).toEqual({ speed: 'speed must be a number from 0.5 to 2' });
    const short = [
      { start: 0, end: 0.8 },
      { start: 2, end: 10 },
    ];
    expect(await problems(edit({ clips: short, transition: 'Fade' }))).toEqual({ 'clips[0]': 'With a transition every clip must be longer than 1 second' });
    expect(await problems(edit({ clips: short }))).toEqual({});
  });

  it('refuses texts that are empty, too long, with control characters, or outside the edited length', async () => {
    const t = (text: string, start = 0, end = 2) => edit({ texts: [{ kind: 'caption', text, start, end, position: 'bottom' }] });
    expect(await problems(t('   '))).toEqual({ 'texts[0].text': 'Text must not be empty' });
    expect(await problems(t('x'.repeat(201)))).toEqual({ 'texts[0].text': 'Text must be at most 200 characters' });
    expect(await problems(t('a\u0000b'))).toEqual({ 'texts[0].text': 'Text must not contain control characters' });
    expect(await problems(t('line\nbreak'))).toEqual({ 'texts[0].text': 'Text must not contain control characters' });
    expect(await problems(t('ok', 59, 61))).toEqual({ 'texts[0]': 'A text must start at 0 or later, end after it starts, and end within the edited video' });
    // At speed 2 the edited video lasts 30 s: a text at 40 s is past its end.
    expect(await problems({ ...t('ok', 40, 42), speed: 2 })).toHaveProperty(['texts[0]']);
    expect(await problems(edit({ texts: [{ kind: 'banner' as never, text: 'x', start: 0, end: 1, position: 'left' as never }] }))).toEqual({
      'texts[0].kind': 'kind must be title or caption',
      'texts[0].position': 'position must be top, center or bottom',
    });
  });

  it('refuses a background track the user may not use, and a music volume out of range', async () => {
    const no = async () => false;
    expect(await problems(edit({ music: { trackId: 'someone-elses-private', volume: 30 } }), source, no)).toEqual({
      'music.track_id': 'This track cannot be used: choose one of your own tracks or a public one',
    });
    expect(await problems(edit({ music: { trackId: 't', volume: -1 } }))).toEqual({ 'music.volume': 'music volume must be a whole number from 0 to 100' });
  });
});

describe('export resolutions', () => {
  it('offer the tiles up to the source height, and never upscale', () => {
    expect(allowedResolutions(1080)).toEqual(['720p', '1080p']);
    expect(allowedResolutions(2160)).toEqual(['720p', '1080p', '4K']);
    expect(allowedResolutions(480)).toEqual(['720p']);
    expect(exportHeight('1080p', source)).toBe(1080);
    // A source below 720p exports at its own height.
    expect(exportHeight('720p', { ...source, height: 481 })).toBe(480);
    expect(() => exportHeight('4K', source)).toThrow('4K would upscale this 1080p video: choose a resolution up to its own');
    expect(() => exportHeight('8K' as never, source)).toThrow('resolution must be 720p, 1080p or 4K');
  });

  it('count a vertical video by its short side, as the HLS ladder does', () => {
    const vertical = { ...source, width: 1080, height: 1920 };
    expect(exportHeight('1080p', vertical)).toBe(1080);
    expect(() => exportHeight('4K', vertical)).toThrow('4K would upscale this 1080p video');
  });
});

describe('a preview of an edited range', () => {
  const three: EditDocument = edit({
    clips: [
      { start: 0, end: 10 },
      { start: 20, end: 30 },
      { start: 40, end: 50 },
    ],
    texts: [{ kind: 'title', text: 'T', start: 8, end: 14, position: 'top' }],
  });

  it('renders only the source clips covering the range, with the texts moved onto the range', () => {
    const { edit: p, musicOffset } = previewEdit(three, 5, 15);
    expect(p.clips).toEqual([
      { start: 5, end: 10 },
      { start: 20, end: 25 },
    ]);
    expect(p.texts).toEqual([{ kind: 'title', text: 'T', start: 3, end: 9, position: 'top' }]);
    expect(musicOffset).toBe(5);
    expect(editedDuration(p)).toBe(10);
  });

  it('follows the speed and the transitions’ overlaps back to the source', () => {
    const fast = { ...three, speed: 2, transition: 'Fade' as const, texts: [] };
    // At speed 2 the edited range 4–9 s is 8–18 s unsped; clip 2 starts at 9.5 s there (10 − 0.5 overlap).
    const { edit: p } = previewEdit(fast, 4, 9);
    expect(p.clips).toEqual([
      { start: 8, end: 10 },
      { start: 20, end: 28.5 },
    ]);
    expect(p.transition).toBe('Fade');
  });

  it('starting inside a transition, cuts plainly and shows the shared stretch once: the preview lasts the range', () => {
    const two = edit({ clips: [{ start: 0, end: 4 }, { start: 5, end: 9 }], transition: 'Fade', texts: [{ kind: 'caption', text: 'C', start: 5, end: 7, position: 'bottom' }] });
    // Clip 2 starts at 3.5 s of the edited 7.5 s; the range 3.6–7.5 starts inside the fade, 0.4 s before clip 1 ends.
    const { edit: p } = previewEdit(two, 3.6, 7.5);
    expect(p.transition).toBeNull();
    expect(p.clips).toEqual([
      { start: 3.6, end: 4 },
      { start: 5.5, end: 9 },
    ]);
    expect(editedDuration(p)).toBe(3.9);
    expect(p.texts).toEqual([{ kind: 'caption', text: 'C', start: 1.4, end: 3.4, position: 'bottom' }]);
  });

  it('refuses ranges that are empty, over 30 s or past the end', () => {
    expect(() => previewEdit(three, 5, 5.2)).toThrow('A preview covers 0.5 to 30 seconds within the edited video');
    expect(() => previewEdit(three, 0, 31)).toThrow(ValidationError);
    expect(() => previewEdit(three, 25, 31)).toThrow(ValidationError);
    expect(() => previewEdit(three, -1, 2)).toThrow(ValidationError);
  });
});
