import { ActionIcon, Button, Tooltip, type ButtonProps } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { FlagIcon } from '../../../shared/icons';
import type { ReportTarget } from '../ReportStore';

/**
 * What a Report control does: for a signed-in user the dialog opens on the target (read at the click, so a player's
 * current time is taken then); a visitor is told 'Please login to report content' and taken to sign in, and comes
 * back to the page afterwards.
 */
export function useReport(): (target: () => ReportTarget) => void {
  const { moderation } = useStores();
  const { signedIn, requireAccount } = useRequireAccount();
  return (target) => {
    if (!signedIn) moderation.report.signInRequired();
    requireAccount(() => moderation.report.open(target()));
  };
}

interface ReportControlProps {
  target: () => ReportTarget;
  /** The viewer's own content: no Report is offered. */
  own: boolean;
  /** A labelled button (pages), or a flag icon (cards). */
  variant?: 'button' | 'icon';
  size?: ButtonProps['size'];
  radius?: ButtonProps['radius'];
}

/** Report, on someone else's content (never on the viewer's own). */
export function ReportControl({ target, own, variant = 'button', size, radius }: ReportControlProps) {
  const report = useReport();
  if (own) return null;
  if (variant === 'icon') {
    return (
      <Tooltip label="Report" withArrow>
        <ActionIcon variant="subtle" color="gray" aria-label="Report" onClick={() => report(target)}>
          <FlagIcon size={16} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button variant="default" size={size} radius={radius} leftSection={<FlagIcon size={16} />} onClick={() => report(target)}>
      Report
    </Button>
  );
}
