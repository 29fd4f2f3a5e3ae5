import { Account } from './account.js';
import { validateAccountInput } from './account-rules.js';

describe('account rules', () => {
  it('require a display name only when creating, and normalise handles', () => {
    expect(validateAccountInput({}, true).problems).toEqual([{ field: 'display_name', message: 'Display name is required' }]);
    expect(validateAccountInput({}, false).problems).toEqual([]);
    expect(validateAccountInput({ display_name: 'A', handle: '@My.Handle_1' }, true).value).toMatchObject({ handle: 'my.handle_1', accountType: 'creator' });
  });

  it('merge settings key by key', () => {
    const a = Account.primary('u1', 'Ada', 'ada');
    a.apply(validateAccountInput({ privacy_settings: { comment_permissions: 'none' } }, false).value);
    expect(a.privacySettings).toEqual({ profile_visibility: 'public', video_visibility: 'public', comment_permissions: 'none' });
  });
});

describe('Account', () => {
  it('refuses to delete the primary account', () => {
    expect(() => Account.primary('u1', 'Ada', 'ada').markDeleted()).toThrow('The primary account cannot be deleted');
  });

  it('is invisible to others when private, and to everyone once deleted', () => {
    const a = Account.create('owner', { displayName: 'Secret', handle: 'secret' });
    expect(a.isVisibleTo('stranger')).toBe(true);
    a.apply({ privacySettings: { profile_visibility: 'private' } });
    expect(a.isVisibleTo('stranger')).toBe(false);
    expect(a.isVisibleTo(null)).toBe(false);
    expect(a.isVisibleTo('owner')).toBe(true);
    a.markDeleted();
    expect(a.isVisibleTo('owner')).toBe(false);
  });
});
