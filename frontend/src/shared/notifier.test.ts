import { describe, expect, test } from '@jest/globals';
import { notificationsStore } from '@mantine/notifications';
import { createNotifier } from './notifier';

/** The toasts Mantine holds now (shown or queued), as color and message. */
const toasts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map(({ color, message }) => `${color}: ${String(message)}`);
};

describe('the notifier: one toast per outcome', () => {
  test('a success replaces the earlier error about the same action, and only that one', () => {
    const notify = createNotifier();

    notify.error('Failed to save: Handle is already taken', { action: 'accounts.save' });
    notify.error('Failed to update follow status', { action: 'social.follow:u1' });
    notify.success('Settings saved!', { action: 'accounts.save' });

    expect(toasts()).toEqual(['red: Failed to update follow status', 'teal: Settings saved!']);
  });

  test('the same error twice shows once; clear hides it; toasts without an action stay as they come', () => {
    const notify = createNotifier();

    notify.error('Failed to like reel', { action: 'reels.like:r1' });
    notify.error('Failed to like reel', { action: 'reels.like:r1' });
    notify.info('Live streaming coming soon!');
    notify.info('Live streaming coming soon!');
    expect(toasts()).toEqual(['red: Failed to like reel', 'blue: Live streaming coming soon!', 'blue: Live streaming coming soon!']);

    notify.clear('reels.like:r1');
    notify.clear('nothing.shown');
    expect(toasts()).toEqual(['blue: Live streaming coming soon!', 'blue: Live streaming coming soon!']);
  });
});
