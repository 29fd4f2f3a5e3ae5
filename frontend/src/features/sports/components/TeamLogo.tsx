import { Box } from '@mantine/core';
import { textOn } from '../../../shared/contrast';
import type { TeamLogo as Logo } from '../types';

/** A team's "logo": its initials on its colour (nothing to fetch). The name is always written next to it. */
export function TeamLogo({ logo, size = 32 }: { logo: Logo; size?: number }) {
  return (
    <Box
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        minWidth: size,
        borderRadius: '50%',
        background: logo.color,
        // White or black, whichever reads on the team's colour (white on a light blue is under 3:1).
        color: textOn(logo.color),
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 700,
        fontSize: Math.round(size * (logo.initials.length > 2 ? 0.3 : 0.38)),
        letterSpacing: 0.2,
      }}
    >
      {logo.initials}
    </Box>
  );
}
