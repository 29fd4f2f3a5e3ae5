import { EDIT_FILTERS, defaultEdit, editedDuration, type EditDocument, type SourceFacts } from '../domain/edit.js';
import { FILTER_CHAINS, escapeFilterValue, layoutText, normaliseRate, outputSize, outputWidth, renderArgs, type RenderPlanOptions } from './ffmpeg-editor.js';

const facts: SourceFacts = { durationSeconds: 20, width: 1920, height: 1080, hasAudio: true };
const edit = (patch: Partial<EditDocument>): EditDocument => ({ ...defaultEdit(20), ...patch });
const plan = (e: EditDocument, patch: Partial<RenderPlanOptions> = {}) =>
  renderArgs({ source: '/media/in.mp4', facts, edit: e, height: 720, outFile: '/out/x.mp4.part', quality: 'export', fps: '30', tempDir: '/tmp/edit-1', fonts: { regular: '/f/Sans.ttf', bold: '/f/Sans-Bold.ttf' }, ...patch });
const graphOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1];

/**
 * How ffmpeg reads a value back (libavutil's av_get_token): a backslash takes the next character as is, quotes keep
 * what is between them, and an unescaped terminator ends the token. A filter's option value goes through it twice: at
 * the graph level (terminators [ ] , ;) and at the filter's options (terminator :).
 */
function getToken(s: string, terms: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (terms.includes(c)) break;
    if (c === '\\') out += s[++i] ?? '';
    else if (c === "'") {
      const end = s.indexOf("'", i + 1);
      out += s.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? s.length : end;
    } else out += c;
  }
  return out;
}

describe('escapeFilterValue', () => {
  it('leaves a plain path as it is', () => {
    expect(escapeFilterValue('/tmp/scriven-edit-x1/text-0.txt')).toBe('/tmp/scriven-edit-x1/text-0.txt');
  });

  it('escapes for the filter options, then for the graph', () => {
    expect(escapeFilterValue("a'b")).toBe("a\\\\\\'b");
    expect(escapeFilterValue('a:b')).toBe('a\\\\:b');
    expect(escapeFilterValue('a\\b')).toBe('a\\\\\\\\b');
    expect(escapeFilterValue('a[b],c;d')).toBe('a\\[b\\]\\,c\\;d');
  });

  it.each(["/tmp/it's: a [test], ok; \\ done", "''", '\\\\', ':::', '[in][out]', "C:\\path\\'x'"])('reads back as the value through both of ffmpeg\'s parsers: %s', (value) => {
    const escaped = escapeFilterValue(value);
    // Inside a filter's arguments, followed by more options and filters.
    const graph = `drawtext=textfile=${escaped}:x=0,null`;
    const args = getToken(graph.slice('drawtext='.length), '[],;');
    expect(getToken(args.slice('textfile='.length), ':')).toBe(value);
  });
});

describe('renderArgs', () => {
  it('seeks each clip as its own input and joins the clips with concat when there is no transition', () => {
    const e = edit({ clips: [{ start: 1, end: 3 }, { start: 4, end: 5.5 }] });
    const { args, duration } = plan(e);
    expect(duration).toBe(3.5);
    expect(args.join(' ')).toContain('-ss 1 -t 2 -i /media/in.mp4 -ss 4 -t 1.5 -i /media/in.mp4 -filter_complex');
    const graph = graphOf(args);
    expect(graph).toContain('[0:v]setpts=PTS-STARTPTS,scale=1280:720,setsar=1,fps=30,format=yuv420p,tpad=stop_mode=clone:stop_duration=2,trim=end=2[v0]');
    expect(graph).toContain('[1:v]setpts=PTS-STARTPTS,scale=1280:720,setsar=1,fps=30,format=yuv420p,tpad=stop_mode=clone:stop_duration=1.5,trim=end=1.5[v1]');
    expect(graph).toContain('[v0][a0][v1][a1]concat=n=2:v=1:a=1[cv][ca]');
    expect(graph).toContain('trim=end=3.5');
    expect(graph).not.toContain('xfade');
  });

  it('chains xfade at the cumulative length less k transitions, and acrossfade, for each transition', () => {
    // Clips of 2, 1.5 and 3 s: the second starts fading in at 2 - 0.5, the third at 2 + 1.5 - 2 × 0.5.
    const clips = [{ start: 0, end: 2 }, { start: 3, end: 4.5 }, { start: 10, end: 13 }];
    for (const [transition, name] of [['Fade', 'fade'], ['Slide', 'slideleft'], ['Zoom', 'zoomin']] as const) {
      const e = edit({ clips, transition });
      const { args, duration } = plan(e);
      const graph = graphOf(args);
      expect(duration).toBe(editedDuration(e));
      expect(duration).toBe(5.5);
      expect(graph).toContain(`[v0][v1]xfade=transition=${name}:duration=0.5:offset=1.5[xv1]`);
      expect(graph).toContain(`[xv1][v2]xfade=transition=${name}:duration=0.5:offset=2.5[xv2]`);
      expect(graph).toContain('[a0][a1]acrossfade=d=0.5:c1=tri:c2=tri[xa1]');
      expect(graph).toContain('[xa1][a2]acrossfade=d=0.5:c1=tri:c2=tri[xa2]');
      expect(graph).toContain('[xv2]fps=30,tpad=stop_mode=clone:stop_duration=0.5,trim=end=5.5,format=yuv420p[vout]');
      expect(graph).not.toContain('concat');
    }
  });

  it('changes the speed with setpts and atempo (the pitch kept), and the length with it', () => {
    const fast = plan(edit({ clips: [{ start: 0, end: 4 }], speed: 2 }));
    expect(fast.duration).toBe(2);
    expect(graphOf(fast.args)).toContain('[v0]setpts=PTS/2,fps=30,tpad=stop_mode=clone:stop_duration=0.5,trim=end=2,');
    expect(graphOf(fast.args)).toContain('[a0]atempo=2,volume=1,atrim=end=2[aout]');
    const slow = plan(edit({ clips: [{ start: 0, end: 4 }], speed: 0.5 }));
    expect(slow.duration).toBe(8);
    expect(graphOf(slow.args)).toContain('atempo=0.5');
    const normal = graphOf(plan(edit({ clips: [{ start: 0, end: 4 }] })).args);
    expect(normal).not.toContain('atempo');
    expect(normal).not.toContain('setpts=PTS/');
  });

  it('sets the volume as a gain of volume/75', () => {
    expect(graphOf(plan(edit({ volume: 75 })).args)).toContain('volume=1,');
    expect(graphOf(plan(edit({ volume: 38 })).args)).toContain('volume=0.506667,');
    expect(graphOf(plan(edit({ volume: 0 })).args)).toContain('volume=0,');
  });

  it('gives a source without sound silence of each clip length, and spreads a mono one to both sides', () => {
    const e = edit({ clips: [{ start: 0, end: 2 }, { start: 5, end: 6 }] });
    const silent = graphOf(plan(e, { facts: { ...facts, hasAudio: false } }).args);
    expect(silent).not.toMatch(/\[\d+:a\]/);
    expect(silent).toContain('anullsrc=r=48000:cl=stereo,aformat=sample_fmts=fltp,atrim=end=2,apad=whole_dur=2,atrim=end=2[a0]');
    expect(silent).toContain('anullsrc=r=48000:cl=stereo,aformat=sample_fmts=fltp,atrim=end=1,apad=whole_dur=1,atrim=end=1[a1]');
    expect(graphOf(plan(e, { monoAudio: true }).args)).toContain('[0:a]asetpts=PTS-STARTPTS,pan=stereo|c0=c0|c1=c0,aresample=48000');
    expect(graphOf(plan(e).args)).not.toContain('pan=');
  });

  it('loops the music from its offset, cuts it to the length and mixes it at volume/100 without normalising', () => {
    const e = edit({ clips: [{ start: 0, end: 10 }], music: { trackId: 't', volume: 30 } });
    const { args } = plan(e, { music: { path: '/music/t.mp3', offset: 2.2 } });
    expect(args.join(' ')).toContain('-i /media/in.mp4 -stream_loop -1 -ss 2.2 -i /music/t.mp3 -filter_complex');
    const graph = graphOf(args);
    expect(graph).toContain('[1:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=end=10,volume=0.3[music]');
    expect(graph).toContain('[voice][music]amix=inputs=2:duration=first:dropout_transition=0:normalize=0[aout]');
    // A music file without music in the edit is not an input.
    expect(plan(edit({}), { music: { path: '/music/t.mp3' } }).args).not.toContain('/music/t.mp3');
  });

  it('applies the filter chain of the edit', () => {
    for (const filter of EDIT_FILTERS) expect(graphOf(plan(edit({ filter })).args)).toContain(`,${FILTER_CHAINS[filter]},`);
    expect(FILTER_CHAINS['Black & White']).toBe('hue=s=0');
    expect(Object.keys(FILTER_CHAINS).sort()).toEqual([...EDIT_FILTERS].sort());
  });

  it('never puts the text of a title or caption in the arguments: drawtext reads it from a file, unexpanded', () => {
    const text = `It's "5:30" \\ %{pts} [x];y, a,b`;
    const e = edit({
      texts: [
        { kind: 'title', text, start: 1, end: 3, position: 'top' },
        { kind: 'caption', text: 'second: one', start: 2.5, end: 4, position: 'bottom' },
      ],
    });
    const { args, files } = plan(e);
    for (const a of args) {
      expect(a).not.toContain('5:30');
      expect(a).not.toContain('%{pts}');
      expect(a).not.toContain('second: one');
    }
    expect(files).toEqual([
      { path: '/tmp/edit-1/text-0.txt', content: text },
      { path: '/tmp/edit-1/text-1.txt', content: 'second: one' },
    ]);
    const graph = graphOf(args);
    expect(graph).toContain("drawtext=fontfile=/f/Sans-Bold.ttf:textfile=/tmp/edit-1/text-0.txt:expansion=none:fontsize=54:");
    expect(graph).toContain(":y=43:borderw=3:bordercolor=black@0.6:enable='between(t,1,3)'");
    expect(graph).toContain('drawtext=fontfile=/f/Sans.ttf:textfile=/tmp/edit-1/text-1.txt:expansion=none:fontsize=36:');
    expect(graph).toContain(":y=h-text_h-43:box=1:boxcolor=black@0.55:boxborderw=13:enable='between(t,2.5,4)'");
    // The texts come after the speed and the filter: their times are on the edited timeline.
    expect(graph.indexOf('drawtext')).toBeGreaterThan(graph.indexOf('[v0]fps=30,'));
  });

  it("escapes the text file's path and falls back to fontconfig without a font file", () => {
    const { args } = plan(edit({ texts: [{ kind: 'caption', text: 'x', start: 0, end: 1, position: 'center' }] }), { tempDir: "/tmp/a'b", fonts: { regular: null, bold: null } });
    expect(graphOf(args)).toContain("drawtext=font=Sans:textfile=/tmp/a\\\\\\'b/text-0.txt:expansion=none:");
    expect(graphOf(args)).toContain('y=(h-text_h)/2');
  });

  it('encodes H.264/AAC MP4 with faststart, faster and smaller for previews, and reports progress on stdout', () => {
    const exp = plan(edit({})).args.join(' ');
    expect(exp).toContain('-c:v libx264 -preset veryfast -crf 21 -pix_fmt yuv420p -c:a aac -b:a 160k -ar 48000 -ac 2 -movflags +faststart -progress pipe:1 -nostats -f mp4 /out/x.mp4.part');
    const preview = plan(edit({}), { quality: 'preview', height: 360 }).args.join(' ');
    expect(preview).toContain('-preset ultrafast -crf 30');
    expect(preview).toContain('-b:a 96k');
    expect(preview).toContain('scale=640:360:flags=fast_bilinear');
    // A preview decodes its source without the deblocking filter; an export decodes it whole.
    const twoClips = plan(edit({ clips: [{ start: 0, end: 2 }, { start: 3, end: 5 }] }), { quality: 'preview', height: 360 }).args.join(' ');
    expect(twoClips.match(/-skip_loop_filter all -flags2 \+fast -ss \S+ -t \S+ -i \/media\/in\.mp4/g)).toHaveLength(2);
    expect(exp).not.toContain('skip_loop_filter');
    expect(exp).not.toContain('fast_bilinear');
  });

  it('refuses an edit without clips, or with a filter or transition it does not know', () => {
    expect(() => plan(edit({ clips: [] }))).toThrow();
    expect(() => plan(edit({ filter: 'toString' as never }))).toThrow('Unknown filter');
    expect(() => plan(edit({ clips: [{ start: 0, end: 2 }, { start: 3, end: 5 }], transition: 'Spin' as never }))).toThrow('Unknown transition');
  });
});

describe('layoutText', () => {
  it('keeps a short text on one line at its size', () => {
    expect(layoutText('Hello world', 54, 1280, 18)).toEqual({ lines: ['Hello world'], size: 54 });
  });

  it('wraps a long text at spaces into at most 3 lines, shrinking the font when it needs more', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const { lines, size } = layoutText(words, 54, 1280, 18);
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(size).toBeLessThan(54);
    expect(lines.join(' ')).toBe(words);
    for (const line of lines) expect(line.length * size * 0.58).toBeLessThanOrEqual(1280 * 0.9 + size);
  });

  it('breaks a word longer than a line', () => {
    const { lines } = layoutText('x'.repeat(100), 40, 320, 40);
    expect(lines.join('')).toBe('x'.repeat(100));
    expect(lines.length).toBeGreaterThan(1);
  });
});

describe('normaliseRate and outputWidth', () => {
  it('snaps a measured rate to the standard one near it, caps it at 60 and defaults to 30', () => {
    expect(normaliseRate('30/1')).toBe('30');
    expect(normaliseRate('2997/100')).toBe('30000/1001');
    expect(normaliseRate('2987/100')).toBe('30000/1001');
    expect(normaliseRate('24/1')).toBe('24');
    expect(normaliseRate('60/1')).toBe('60');
    expect(normaliseRate('0/0', '25/1')).toBe('25');
    expect(normaliseRate('120/1')).toBe('60');
    expect(normaliseRate('15/1')).toBe('15');
    expect(normaliseRate(undefined, 'N/A')).toBe('30');
  });

  it('keeps the aspect ratio with an even width', () => {
    expect(outputWidth({ ...facts, width: 320, height: 180 }, 120)).toBe(214);
    expect(outputWidth(facts, 720)).toBe(1280);
    expect(outputWidth({ ...facts, width: 1080, height: 1920 }, 720)).toBe(406);
    expect(outputSize({ ...facts, width: 1080, height: 1920 }, 720)).toEqual({ width: 720, height: 1280 });
    expect(outputSize(facts, 720)).toEqual({ width: 1280, height: 720 });
  });
});
