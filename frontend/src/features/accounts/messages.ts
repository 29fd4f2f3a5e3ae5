/** Toast texts of seed 000 §8 for the account calls, used verbatim. */
export const ACCOUNT_MESSAGES = {
  loadFailed: 'Failed to load accounts',
  switchFailed: 'Failed to switch account',
  deleteFailed: 'Failed to delete account',
  createFailed: (detail: string) => `Failed to create account: ${detail}`,
  saveFailed: (detail: string) => `Failed to save: ${detail}`,
  uploadFailed: (detail: string) => `Failed to upload photo: ${detail}`,
  photoUpdated: 'Profile photo updated!',
  bannerUploadFailed: (detail: string) => `Failed to upload banner: ${detail}`,
  bannerRemoveFailed: (detail: string) => `Failed to remove banner: ${detail}`,
  bannerUpdated: 'Banner updated!',
  bannerRemoved: 'Banner removed',
  settingsSaved: 'Settings saved!',
  accountDeleted: 'Account deleted',
  switchedTo: (name: string) => `Switched to ${name}`,
  /** Seed 000 §5. */
  displayNameRequired: 'Display name is required',
  deleteConfirmation: 'Are you sure you want to delete this account?',
  /** When the server gives no detail (no answer, or a proxy's error page). */
  noDetail: 'the server did not answer. Please try again.',
  exportFailed: (detail: string) => `Failed to download your data: ${detail}`,
  exportReady: 'Your data was downloaded',
  deleteMeConfirmation: 'Type your display name to confirm',
} as const;
