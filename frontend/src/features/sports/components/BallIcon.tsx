import type { IconProps } from '../../../shared/icons';

/** A ball: the Sports section's icon (a line icon like shared/icons', 24×24, stroke = currentColor). */
export function BallIcon({ size = 18, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7l4.5 3.3-1.7 5.2H9.2L7.5 10.3z" />
      <path d="M12 3v4M21 11l-4.5-.7M17.5 19.5l-2.7-4M6.5 19.5l2.7-4M3 11l4.5-.7" />
    </svg>
  );
}
