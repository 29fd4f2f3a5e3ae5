import { Group, Stack, Text } from '@mantine/core';
import type { SampleTeam } from '../types';
import { TeamLogo } from './TeamLogo';

/** The two sides of a match, one a line, with their scores when there are any. */
export function MatchTeams({ teams }: { teams: readonly SampleTeam[] }) {
  return (
    <Stack gap={6}>
      {teams.map((team) => (
        <Group key={team.name} gap="sm" wrap="nowrap" justify="space-between">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <TeamLogo logo={team.logo} />
            <Text fw={600} truncate>
              {team.name}
            </Text>
          </Group>
          {team.score !== null && (
            <Text fw={700} ff="monospace" style={{ whiteSpace: 'nowrap' }} aria-label={`${team.name} score ${team.score}`}>
              {team.score}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}
