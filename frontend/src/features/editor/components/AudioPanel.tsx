import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Badge, Button, Card, Group, Slider, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { MUSIC_SHOWN } from '../EditorStore';
import { EDITOR_LIMITS, formatTime } from '../timeline';

const SPEED_MARKS = [0.5, 1, 1.5, 2].map((value) => ({ value, label: `${value}×` }));

/**
 * Audio (seed 002 §2.14): the video's volume (0–100, 75 keeps the original level), the speed (0.5–2, the pitch kept),
 * and the background music list: the first 5 tracks, each with Add, and the chosen one's volume.
 */
export const AudioPanel = observer(function AudioPanel() {
  const { editor } = useStores();
  useEffect(() => {
    void editor.loadTracks();
  }, [editor]);
  const edit = editor.present;
  const session = editor.session;
  if (!edit || !session) return null;
  const chosen = edit.music?.track_id ?? null;
  const chosenListed = chosen !== null && editor.tracks.some((track) => track.id === chosen);

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="section" aria-label="Sound">
        <Stack gap="lg">
          <div>
            <Text size="sm" fw={500}>
              {`Volume: ${edit.volume}`}
            </Text>
            <Text size="xs" c="dimmed" mb={6}>
              {session.video.has_audio ? '75 keeps the original level; 0 is silent, 100 is a third louder.' : 'This video has no sound: the volume changes nothing.'}
            </Text>
            <Slider
              min={0}
              max={100}
              step={1}
              value={edit.volume}
              onChange={editor.setVolume}
              onChangeEnd={editor.endMerge}
              thumbLabel="Volume"
              marks={[{ value: EDITOR_LIMITS.volumeDefault, label: '75' }]}
              disabled={!session.video.has_audio}
            />
          </div>
          <div>
            <Text size="sm" fw={500}>
              {`Speed: ${edit.speed}×`}
            </Text>
            <Text size="xs" c="dimmed" mb={6}>
              {`The voices keep their pitch. The edited video lasts ${formatTime(editor.length)}.`}
            </Text>
            <Slider
              min={EDITOR_LIMITS.speedMin}
              max={EDITOR_LIMITS.speedMax}
              step={EDITOR_LIMITS.speedStep}
              value={edit.speed}
              onChange={editor.setSpeed}
              onChangeEnd={editor.endMerge}
              thumbLabel="Speed"
              label={(value) => `${value}×`}
              marks={SPEED_MARKS}
              mb="md"
            />
          </div>
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-label="Background music">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Background music
          </Title>
          <Text size="xs" c="dimmed">
            Looped under the whole video, at its own volume.
          </Text>
          {editor.tracksStatus === 'error' && (
            <Alert color="red" variant="light" role="alert">
              {editor.tracksError}
            </Alert>
          )}
          {editor.tracksStatus === 'loading' && editor.tracks.length === 0 && (
            <Text size="sm" c="dimmed">
              Loading the music…
            </Text>
          )}
          {editor.tracksStatus === 'ready' && editor.tracks.length === 0 && (
            <Text size="sm" c="dimmed">
              No music in the library yet.
            </Text>
          )}
          {editor.tracks.length > 0 && (
            <Stack gap={6} role="list" aria-label="Music tracks">
              {editor.tracks.slice(0, MUSIC_SHOWN).map((track) => {
                const added = track.id === chosen;
                return (
                  <Group key={track.id} role="listitem" aria-label={track.title} justify="space-between" wrap="nowrap">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} lineClamp={1}>
                        {track.title}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {track.artist}
                        {track.duration_seconds ? ` · ${formatTime(track.duration_seconds)}` : ''}
                      </Text>
                    </div>
                    {added ? (
                      <Group gap="xs" wrap="nowrap">
                        <Badge color="green" variant="light">
                          Added
                        </Badge>
                        <Button size="xs" variant="subtle" color="red" onClick={editor.removeTrack} aria-label={`Remove ${track.title}`}>
                          Remove
                        </Button>
                      </Group>
                    ) : (
                      <Button size="xs" variant="light" onClick={() => editor.addTrack(track.id)} aria-label={`Add ${track.title}`}>
                        Add
                      </Button>
                    )}
                  </Group>
                );
              })}
            </Stack>
          )}
          {chosen !== null && !chosenListed && editor.tracksStatus === 'ready' && (
            <Group justify="space-between">
              <Text size="sm">A track that is not among these five is added.</Text>
              <Button size="xs" variant="subtle" color="red" onClick={editor.removeTrack}>
                Remove the track
              </Button>
            </Group>
          )}
          {edit.music && (
            <div>
              <Text size="sm" fw={500}>
                {`Music volume: ${edit.music.volume}`}
              </Text>
              <Slider min={0} max={100} step={1} value={edit.music.volume} onChange={editor.setMusicVolume} onChangeEnd={editor.endMerge} thumbLabel="Music volume" />
            </div>
          )}
        </Stack>
      </Card>
    </Stack>
  );
});
