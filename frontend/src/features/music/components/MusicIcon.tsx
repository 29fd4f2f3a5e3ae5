import { Icon, type IconProps } from '../../../shared/icons';

/** A pair of notes: the Music section's icon (a line icon like shared/icons', 24×24, stroke = currentColor). */
export function MusicIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 18V5l12-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="18" cy="16" r="3" />
    </Icon>
  );
}
