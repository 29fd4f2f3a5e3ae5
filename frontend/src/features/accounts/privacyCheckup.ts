import type { CommentPermission, PrivacySettings, Visibility } from './types';

export interface CheckupChoice<T extends string> {
  value: T;
  label: string;
  explanation: string;
}

export interface CheckupStep<K extends keyof PrivacySettings = keyof PrivacySettings> {
  key: K;
  title: string;
  question: string;
  choices: readonly CheckupChoice<PrivacySettings[K]>[];
}

const profileChoices: readonly CheckupChoice<Visibility>[] = [
  { value: 'public', label: 'Public', explanation: 'Anyone can find this channel and open its profile.' },
  {
    value: 'unlisted',
    label: 'Unlisted',
    explanation: 'The channel is left out of lists, discovery and search, but anyone with a link to it can open it.',
  },
  { value: 'private', label: 'Private', explanation: 'Only you can see this channel. Others cannot find or open it.' },
];

const videoChoices: readonly CheckupChoice<Visibility>[] = [
  { value: 'public', label: 'Public', explanation: "Anyone can find and watch this channel's videos." },
  {
    value: 'unlisted',
    label: 'Unlisted',
    explanation: 'Videos are left out of lists, feeds and search; anyone with a link can still watch them.',
  },
  { value: 'private', label: 'Private', explanation: 'Only you can watch the videos of this channel.' },
];

const commentChoices: readonly CheckupChoice<CommentPermission>[] = [
  { value: 'everyone', label: 'Everyone', explanation: 'Anyone signed in can comment on what this channel publishes.' },
  { value: 'subscribers', label: 'Subscribers only', explanation: 'Only people who follow this channel can comment.' },
  { value: 'none', label: 'No one', explanation: 'Comments are turned off for this channel.' },
];

/** The Privacy Checkup walks through these, in this order. */
export const CHECKUP_STEPS = [
  { key: 'profile_visibility', title: 'Profile', question: 'Who can see this channel?', choices: profileChoices },
  { key: 'video_visibility', title: 'Videos', question: "Who can see this channel's videos?", choices: videoChoices },
  { key: 'comment_permissions', title: 'Comments', question: 'Who can comment?', choices: commentChoices },
] as const satisfies readonly CheckupStep[];
