import { useEffect, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { POST_LIMITS, POST_TYPES } from './messages';
import type { PostInput, PostType } from './types';

const EMPTY: PostInput = { title: '', game: '', content: '', post_type: 'discussion', video_id: null };

/** Create Gaming Post (seed 002 §5): title, game and content required; a discussion unless another type is chosen. */
export const CreatePostDialog = observer(function CreatePostDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { community } = useStores();
  const [form, setForm] = useState<PostInput>(EMPTY);
  const errors = community.createErrors;
  const clip = form.post_type === 'clip';

  useEffect(() => {
    if (opened && clip) community.loadMyVideos();
  }, [opened, clip, community]);

  const set = <K extends keyof PostInput>(field: K, value: PostInput[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    community.clearCreateErrors(field);
  };

  const close = () => {
    if (community.creating) return;
    community.clearCreateErrors();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await community.create(form)) {
      setForm(EMPTY);
      onClose();
    }
  };

  const videos = community.myReadyVideos;
  return (
    <Modal opened={opened} onClose={close} title="Create Gaming Post" size="lg" centered>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Create Gaming Post">
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            maxLength={POST_LIMITS.title}
            value={form.title}
            error={errors.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            data-autofocus
          />
          <Group grow align="flex-start">
            <TextInput
              label="Game"
              required
              maxLength={POST_LIMITS.game}
              list="community-known-games"
              autoComplete="off"
              value={form.game}
              error={errors.game}
              onChange={(e) => set('game', e.currentTarget.value)}
            />
            <NativeSelect
              label="Type"
              data={POST_TYPES.map(({ value, label }) => ({ value, label }))}
              value={form.post_type}
              error={errors.post_type}
              onChange={(e) => {
                const value = e.currentTarget.value as PostType;
                set('post_type', value);
                if (value !== 'clip') set('video_id', null);
              }}
            />
          </Group>
          <datalist id="community-known-games">
            {community.knownGames.map((game) => (
              <option key={game} value={game} />
            ))}
          </datalist>
          {clip && (
            <NativeSelect
              label="Video"
              description={
                community.myVideosStatus === 'loading' && videos.length === 0
                  ? 'Loading your videos…'
                  : videos.length === 0
                    ? 'You have no ready videos to attach'
                    : 'Attach one of your ready videos (optional)'
              }
              data={[{ value: '', label: 'No video' }, ...videos.map((v) => ({ value: v.id, label: v.title }))]}
              value={form.video_id ?? ''}
              error={errors.video_id}
              onChange={(e) => set('video_id', e.currentTarget.value || null)}
            />
          )}
          <Textarea
            label="Content"
            required
            autosize
            minRows={5}
            maxRows={14}
            maxLength={POST_LIMITS.content}
            value={form.content}
            error={errors.content}
            onChange={(e) => set('content', e.currentTarget.value)}
          />
          <Text size="xs" c="dimmed" ta="right">
            {form.content.length}/{POST_LIMITS.content}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={community.creating}>
              Cancel
            </Button>
            <Button type="submit" loading={community.creating}>
              Post
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});
