import { useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Box, Button, Card, Group, Loader, RangeSlider, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { ScissorsIcon } from '../../../shared/icons';
import { EDITOR_LIMITS, formatTime, handleBounds, type HandleSide } from '../timeline';

const TRACK_HEIGHT = 72;
const WAVE_HEIGHT = 48;
const pct = (seconds: number, duration: number) => `${duration > 0 ? (seconds / duration) * 100 : 0}%`;

/** A cut handle: a slider of one clip edge, dragged with the pointer or moved by the arrow keys (0.1 s; Shift: 1 s). */
const CutHandle = observer(function CutHandle({ index, side, track }: { index: number; side: HandleSide; track: RefObject<HTMLDivElement | null> }) {
  const { editor } = useStores();
  const clips = editor.present?.clips ?? [];
  const clip = clips[index];
  if (!clip) return null;
  const duration = editor.duration;
  const value = clip[side];
  const { min, max } = handleBounds(clips, index, side, duration);
  const label = `Clip ${index + 1} ${side}`;

  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 1 : EDITOR_LIMITS.handleStep;
    const moves: Record<string, number> = { ArrowLeft: -step, ArrowDown: -step, ArrowRight: step, ArrowUp: step };
    if (event.key in moves) editor.moveHandle(index, side, value + moves[event.key]);
    else if (event.key === 'Home') editor.moveHandle(index, side, min);
    else if (event.key === 'End') editor.moveHandle(index, side, max);
    else return;
    event.preventDefault();
  };
  const timeAt = (clientX: number) => {
    const box = track.current?.getBoundingClientRect();
    if (!box || box.width <= 0) return value;
    return ((clientX - box.left) / box.width) * duration;
  };
  const pointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    editor.endMerge();
  };
  const pointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.hasPointerCapture?.(event.pointerId)) return;
    editor.moveHandle(index, side, timeAt(event.clientX));
  };
  const pointerUp = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    editor.endMerge();
  };

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={formatTime(value)}
      onKeyDown={keyDown}
      onBlur={() => editor.endMerge()}
      onPointerDown={pointerDown}
      onPointerMove={pointerMove}
      onPointerUp={pointerUp}
      onClick={(event) => event.stopPropagation()}
      style={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        left: pct(value, duration),
        width: 12,
        marginLeft: side === 'start' ? 0 : -12,
        background: 'var(--mantine-color-yellow-5)',
        borderRadius: side === 'start' ? '4px 0 0 4px' : '0 4px 4px 0',
        cursor: 'ew-resize',
        touchAction: 'none',
        zIndex: 2,
      }}
    />
  );
});

/** The sound of the video under the track, from its peaks (0–100). */
function Waveform({ peaks }: { peaks: readonly number[] }) {
  const width = Math.max(1, peaks.length);
  return (
    <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" width="100%" height={WAVE_HEIGHT} role="img" aria-label="Waveform" style={{ display: 'block' }}>
      {peaks.map((peak, i) => {
        const h = Math.max(1, Math.min(100, peak));
        return <rect key={i} x={i + 0.1} width={0.8} y={50 - h / 2} height={h} fill="var(--mantine-color-blue-5)" />;
      })}
    </svg>
  );
}

/**
 * Timeline (issue 19): the filmstrip as the track, the clips kept as ranges with their cut handles, the cut-out parts
 * dimmed, the playhead (a click on the track moves it), the waveform under it; Split at playhead, delete a clip; and
 * the preview of a range of the edited video, rendered by the server.
 */
export const TimelinePanel = observer(function TimelinePanel() {
  const { editor } = useStores();
  const track = useRef<HTMLDivElement>(null);
  const session = editor.session;
  const edit = editor.present;
  if (!session || !edit) return null;
  const duration = editor.duration;
  const clips = edit.clips;
  const gaps: { start: number; end: number }[] = [];
  clips.reduce((from, clip) => {
    if (clip.start > from) gaps.push({ start: from, end: clip.start });
    return clip.end;
  }, 0);
  const last = clips[clips.length - 1];
  if (last && last.end < duration) gaps.push({ start: last.end, end: duration });

  const seekAt = (clientX: number) => {
    const box = track.current?.getBoundingClientRect();
    if (!box || box.width <= 0) return;
    editor.seek(((clientX - box.left) / box.width) * duration);
  };
  const span = editor.previewSpan;
  const length = editor.length;
  const rendering = editor.preview.status === 'rendering';

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="section" aria-label="Timeline">
        <Stack gap="xs">
          <Box
            ref={track}
            pos="relative"
            h={TRACK_HEIGHT}
            bg="dark.7"
            style={{ borderRadius: 4, overflow: 'hidden', cursor: 'pointer', userSelect: 'none' }}
            onClick={(event) => seekAt(event.clientX)}
            data-testid="timeline-track"
          >
            {editor.filmstrip.url && (
              <img
                src={editor.filmstrip.url}
                alt={`Filmstrip of ${session.video.title}`}
                draggable={false}
                style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'fill', pointerEvents: 'none' }}
              />
            )}
            {gaps.map((gap) => (
              <Box
                key={`${gap.start}-${gap.end}`}
                pos="absolute"
                top={0}
                bottom={0}
                style={{ left: pct(gap.start, duration), width: pct(gap.end - gap.start, duration), background: 'rgba(0,0,0,0.7)', pointerEvents: 'none' }}
                aria-hidden
              />
            ))}
            {clips.map((clip, i) => (
              <Box
                key={i}
                pos="absolute"
                top={0}
                bottom={0}
                style={{ left: pct(clip.start, duration), width: pct(clip.end - clip.start, duration), border: '2px solid var(--mantine-color-yellow-5)', borderRadius: 4, pointerEvents: 'none' }}
                aria-hidden
              />
            ))}
            {clips.map((_, i) => (
              <span key={`h${i}`}>
                <CutHandle index={i} side="start" track={track} />
                <CutHandle index={i} side="end" track={track} />
              </span>
            ))}
            <Box
              pos="absolute"
              top={0}
              bottom={0}
              w={2}
              bg="red.6"
              style={{ left: pct(editor.playhead, duration), pointerEvents: 'none', zIndex: 3 }}
              aria-hidden
            />
          </Box>
          {editor.filmstrip.status === 'error' && (
            <Text size="sm" c="red" role="alert">
              {editor.filmstrip.error}
            </Text>
          )}
          {session.peaks ? (
            <Box onClick={(event) => seekAt(event.clientX)} style={{ cursor: 'pointer' }}>
              <Waveform peaks={session.peaks} />
            </Box>
          ) : (
            <Text size="sm" c="dimmed">
              This video has no sound
            </Text>
          )}
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              0:00.0
            </Text>
            <Text size="xs" c="dimmed">
              {formatTime(duration)}
            </Text>
          </Group>
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-label="Cuts">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h5">
              Cuts
            </Title>
            <Button size="xs" leftSection={<ScissorsIcon size={14} />} onClick={editor.split} disabled={editor.splitProblem !== null}>
              Split at playhead
            </Button>
          </Group>
          {editor.splitProblem && (
            <Text size="xs" c="dimmed">
              {editor.splitProblem}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Drag the yellow handles, or focus one and use the arrow keys (0.1 s; with Shift, 1 s), to keep only the parts you want.
          </Text>
          <Stack gap={4} role="list" aria-label="Clips">
            {clips.map((clip, i) => (
              <Group key={i} role="listitem" aria-label={`Clip ${i + 1}`} justify="space-between" wrap="nowrap">
                <Text size="sm">{`Clip ${i + 1}: ${formatTime(clip.start)} – ${formatTime(clip.end)} (${(clip.end - clip.start).toFixed(1)} s)`}</Text>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => editor.deleteClip(i)}
                  disabled={clips.length <= 1}
                  aria-label={`Delete clip ${i + 1}`}
                  title={clips.length <= 1 ? 'Keep at least one part of the video' : undefined}
                >
                  Delete
                </Button>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-label="Preview">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h5">
              Preview
            </Title>
            <Button size="xs" variant="subtle" onClick={() => editor.setPreviewRange(null)} disabled={editor.previewRange === null}>
              Around the playhead
            </Button>
          </Group>
          <Text size="sm">{`Renders ${formatTime(span.from)} – ${formatTime(span.to)} of the edited video (${formatTime(length)} long) at 360p.`}</Text>
          <RangeSlider
            min={0}
            max={Math.max(length, EDITOR_LIMITS.previewMinSeconds)}
            step={0.1}
            minRange={EDITOR_LIMITS.previewMinSeconds}
            maxRange={EDITOR_LIMITS.previewMaxSeconds}
            value={[span.from, span.to]}
            onChange={([from, to]) => editor.setPreviewRange({ from, to })}
            label={(value) => formatTime(value)}
            thumbFromLabel="Preview from"
            thumbToLabel="Preview to"
            disabled={length < EDITOR_LIMITS.previewMinSeconds || rendering}
          />
          <Group gap="sm">
            <Button size="sm" onClick={() => void editor.renderPreview()} loading={rendering} disabled={editor.previewRangeProblem !== null}>
              Preview
            </Button>
            {rendering && (
              <Group gap={6} role="status">
                <Loader size="xs" />
                <Text size="sm">Rendering the preview…</Text>
              </Group>
            )}
          </Group>
          {editor.preview.status === 'error' && (
            <Alert color="red" variant="light" role="alert">
              {editor.preview.error}
            </Alert>
          )}
        </Stack>
      </Card>
    </Stack>
  );
});
