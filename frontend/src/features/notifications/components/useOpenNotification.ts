import { useLocation, useNavigate } from 'react-router-dom';
import { useStores } from '../../../stores/StoreProvider';
import { gamingPath, musicTrackPath, PATHS } from '../../../shared/paths';
import { useSectionNavigation } from '../../../stores/useSectionNavigation';
import type { NotificationDto } from '../types';
import { STRIKES_TAB } from '../../moderation/components/StrikesSection';

/**
 * What clicking a notification does: an unread one is marked read (seed 002 §4), then what it is about opens: a short
 * in the reels viewer, a video in its dialog, a new follower in Subscriptions → Connections → 'Your Followers', and
 * moderation's news for a creator (content removed, a strike, an appeal decided) the partner program page at the
 * channel's strikes, a Super Chat its stream's page, a tournament's news the tournament in Gaming, a new music track
 * its page. A report's outcome (`report`) is all in its message: it opens nothing.
 */
export function useOpenNotification(after?: () => void) {
  const { notifications, social, videos } = useStores();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { openSection } = useSectionNavigation();

  return (notification: NotificationDto) => {
    if (!notification.read) void notifications.markRead(notification.id);
    after?.();
    const link = notification.link;
    if (!link) return;
    if (link.kind === 'reel') navigate(`/reels/${encodeURIComponent(link.id)}`);
    else if (link.kind === 'video') {
      // The video dialog belongs to the signed-in shell: from a page of its own (/help…) go there first.
      if (pathname !== PATHS.home) navigate(PATHS.home);
      void videos.openById(link.id);
    }
    else if (link.kind === 'user') {
      social.setConnectionKind('followers');
      openSection('social', 'connections');
    } else if (link.kind === 'strikes') openSection('monetization', STRIKES_TAB);
    else if (link.kind === 'live') navigate(`/live/${encodeURIComponent(link.id)}`);
    else if (link.kind === 'tournament') navigate(gamingPath('tournaments', { tournament: link.id }));
    else if (link.kind === 'track') navigate(musicTrackPath(link.id));
  };
}
