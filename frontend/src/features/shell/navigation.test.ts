import { describe, expect, test } from '@jest/globals';
import { HomeIcon } from '../../shared/icons';
import { NAV_GROUPS, visibleNavGroups, type NavGroup } from './navigation';

describe('side navigation', () => {
  test('only groups with a working section are shown: today, main with Home', () => {
    const groups = visibleNavGroups({ is_admin: false });
    expect(groups.map((group) => group.id)).toEqual(['main']);
    expect(groups[0].items.map((item) => item.label)).toEqual(['Home']);
  });

  test('keeps the seed order of the groups', () => {
    expect(NAV_GROUPS.map((group) => group.label)).toEqual([
      null,
      'Install app',
      'Your Library',
      'Explore',
      'Creator Studio',
      'Entertainment',
      'Premium',
    ]);
  });

  test('admin-only entries show to admins only', () => {
    const groups: NavGroup[] = [
      { id: 'main', label: null, items: [{ section: 'home', label: 'Home', icon: HomeIcon }] },
      { id: 'studio', label: 'Creator Studio', items: [{ section: 'home', label: 'Updates', icon: HomeIcon, adminOnly: true }] },
    ];
    expect(visibleNavGroups({ is_admin: false }, groups).map((group) => group.id)).toEqual(['main']);
    expect(visibleNavGroups({ is_admin: true }, groups).map((group) => group.id)).toEqual(['main', 'studio']);
  });
});
