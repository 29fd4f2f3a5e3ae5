import { Link } from 'react-router-dom';
import { UnstyledButton } from '@mantine/core';

type CoverButtonProps = { label: string } & ({ onClick: () => void; to?: never } | { to: string; onClick?: never });

/**
 * A card's one action laid over the whole card (its positioned parent, `pos="relative"`): the card stays clickable
 * everywhere, and the button holds no text of its own, so its name (`label`) is all it says. A button wrapped around
 * the card's title, badges and counts would have a name ("Open X") that leaves out the text it shows (WCAG 2.5.3,
 * axe's label-content-name-mismatch). Put it last in a card that has no other control.
 */
export function CoverButton({ label, onClick, to }: CoverButtonProps) {
  const cover = { 'aria-label': label, pos: 'absolute' as const, inset: 0, style: { borderRadius: 'inherit', zIndex: 1 } };
  if (to !== undefined) return <UnstyledButton component={Link} to={to} {...cover} />;
  return <UnstyledButton onClick={onClick} {...cover} />;
}
