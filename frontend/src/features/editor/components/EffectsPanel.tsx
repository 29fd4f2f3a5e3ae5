import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { EDIT_TRANSITIONS, EDITOR_LIMITS, TEXT_POSITIONS, formatTime, transitionProblem } from '../timeline';
import type { EditText, TextPosition, Transition } from '../types';

const NONE = 'None';
const POSITION_LABELS: Record<TextPosition, string> = { top: 'Top', center: 'Center', bottom: 'Bottom' };
const kindLabel = (kind: EditText['kind']) => (kind === 'title' ? 'Title' : 'Caption');

/** One text overlay: its words, start, end and position on the edited video; removable. */
const TextCard = observer(function TextCard({ index, text, number }: { index: number; text: EditText; number: number }) {
  const { editor } = useStores();
  const length = editor.length;
  const name = `${kindLabel(text.kind)} ${number}`;
  const rangeError =
    text.end <= text.start || text.start < 0 || text.end > length + 0.001 ? `It must end after it starts, within the edited video (${formatTime(length)})` : null;
  const words = text.text.trim();
  const textError = !words ? 'Text must not be empty' : [...words].length > EDITOR_LIMITS.textLength ? `At most ${EDITOR_LIMITS.textLength} characters` : null;
  const seconds = (value: number | string) => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 10) / 10 : null);

  return (
    <Card withBorder radius="sm" padding="sm" component="section" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Button size="xs" variant="subtle" color="red" onClick={() => editor.removeText(index)} aria-label={`Remove ${name}`}>
            Remove
          </Button>
        </Group>
        <TextInput
          label="Text"
          value={text.text}
          maxLength={EDITOR_LIMITS.textLength}
          onChange={(event) => editor.updateText(index, { text: event.currentTarget.value }, `text:${index}`)}
          onBlur={editor.endMerge}
          error={textError}
        />
        <SimpleGrid cols={3} spacing="xs">
          <NumberInput
            label="Start (s)"
            value={text.start}
            min={0}
            max={length}
            step={0.1}
            decimalScale={1}
            onChange={(value) => {
              const start = seconds(value);
              if (start !== null) editor.updateText(index, { start }, `start:${index}`);
            }}
            onBlur={editor.endMerge}
          />
          <NumberInput
            label="End (s)"
            value={text.end}
            min={0}
            max={length}
            step={0.1}
            decimalScale={1}
            onChange={(value) => {
              const end = seconds(value);
              if (end !== null) editor.updateText(index, { end }, `end:${index}`);
            }}
            onBlur={editor.endMerge}
            error={rangeError}
          />
          <Select
            label="Position"
            data={TEXT_POSITIONS.map((position) => ({ value: position, label: POSITION_LABELS[position] }))}
            value={text.position}
            onChange={(value) => value && editor.updateText(index, { position: value as TextPosition })}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
});

/** Effects (seed 002 §2.14): the transition between clips, and the titles and captions over the video. */
export const EffectsPanel = observer(function EffectsPanel() {
  const { editor } = useStores();
  const edit = editor.present;
  if (!edit) return null;
  const problem = transitionProblem(edit);
  const counts = { title: 0, caption: 0 };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="section" aria-label="Transitions">
        <Stack gap="xs">
          <Radio.Group
            label="Transition between clips"
            description={edit.clips.length < 2 ? 'Applies where two clips meet: split the video on the Timeline to have more than one.' : `${EDITOR_LIMITS.transitionSeconds} s where each clip meets the next.`}
            value={edit.transition ?? NONE}
            onChange={(value) => editor.setTransition(value === NONE ? null : (value as Transition))}
          >
            <Group gap="md" mt="xs">
              {[NONE, ...EDIT_TRANSITIONS].map((name) => (
                <Radio key={name} value={name} label={name} />
              ))}
            </Group>
          </Radio.Group>
          {problem && (
            <Alert color="orange" variant="light" role="alert">
              {problem}
            </Alert>
          )}
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-label="Text">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h5">
              Text
            </Title>
            <Group gap="xs">
              <Button size="xs" onClick={() => editor.addText('title')} disabled={edit.texts.length >= EDITOR_LIMITS.texts}>
                Add Title
              </Button>
              <Button size="xs" variant="light" onClick={() => editor.addText('caption')} disabled={edit.texts.length >= EDITOR_LIMITS.texts}>
                Add Caption
              </Button>
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            {`A new text starts at the playhead (${formatTime(editor.editedPlayhead)} of the edited video) and lasts ${EDITOR_LIMITS.textSeconds} s.`}
          </Text>
          {edit.texts.length === 0 ? (
            <Text size="sm" c="dimmed">
              No text yet.
            </Text>
          ) : (
            edit.texts.map((text, i) => {
              counts[text.kind] += 1;
              return <TextCard key={i} index={i} text={text} number={counts[text.kind]} />;
            })
          )}
        </Stack>
      </Card>
    </Stack>
  );
});
