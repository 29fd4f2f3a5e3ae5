import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { TOURNAMENT_DEFAULTS, TOURNAMENT_LIMITS, TOURNAMENT_MESSAGES } from './messages';
import type { TournamentDetail, TournamentInput } from './types';

const EMPTY: TournamentInput = {
  name: '',
  game: '',
  description: '',
  entry_fee: TOURNAMENT_DEFAULTS.entryFee,
  prize_pool: TOURNAMENT_DEFAULTS.prizePool,
  max_participants: TOURNAMENT_DEFAULTS.maxParticipants,
  start_date: '',
};

/** Create Tournament (seed 002 §5): name, game, prize pool and start date required; entry fee 0 and 32 places by default. */
export const CreateTournamentDialog = observer(function CreateTournamentDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (tournament: TournamentDetail) => void;
}) {
  const { tournaments } = useStores();
  const [form, setForm] = useState<TournamentInput>(EMPTY);
  const errors = tournaments.createErrors;

  const set = (field: keyof TournamentInput) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setForm((f) => ({ ...f, [field]: value }));
    tournaments.clearCreateErrors(field);
  };

  const close = () => {
    if (tournaments.creating) return;
    tournaments.clearCreateErrors();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const created = await tournaments.create(form);
    if (created) {
      setForm(EMPTY);
      onCreated(created);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Create Tournament" size="lg" centered>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Create Tournament">
        <Stack gap="sm">
          <TextInput label="Tournament name" required value={form.name} onChange={set('name')} error={errors.name} maxLength={TOURNAMENT_LIMITS.name} data-autofocus />
          <TextInput label="Game" required value={form.game} onChange={set('game')} error={errors.game} maxLength={TOURNAMENT_LIMITS.game} placeholder="e.g. Rocket League" />
          <Textarea
            label="Description"
            value={form.description}
            onChange={set('description')}
            error={errors.description}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={TOURNAMENT_LIMITS.description}
            placeholder="Rules, format, where matches are played"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="Entry fee ($)" inputMode="decimal" value={form.entry_fee} onChange={set('entry_fee')} error={errors.entry_fee} />
            <TextInput label="Prize pool ($)" required inputMode="decimal" value={form.prize_pool} onChange={set('prize_pool')} error={errors.prize_pool} />
            <TextInput label="Max participants" inputMode="numeric" value={form.max_participants} onChange={set('max_participants')} error={errors.max_participants} />
          </SimpleGrid>
          <TextInput label="Start date" type="datetime-local" required value={form.start_date} onChange={set('start_date')} error={errors.start_date} />
          <Text size="xs" c="dimmed">
            {TOURNAMENT_MESSAGES.disclaimer}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={tournaments.creating}>
              Cancel
            </Button>
            <Button type="submit" loading={tournaments.creating}>
              Create Tournament
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});
