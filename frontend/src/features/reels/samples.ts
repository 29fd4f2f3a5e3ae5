import type { ReelComment, SampleReel } from './types';

const owner = { account_id: 'sample', user_id: '', display_name: 'Scriven samples', handle: 'scriven', profile_photo_url: null };

function sample(id: number, fields: Pick<SampleReel, 'title' | 'description' | 'tags'>): SampleReel {
  return {
    id: `sample-reel-${id}`,
    created_by: 'scriven',
    username: 'scriven',
    liked: false,
    created_at: '2025-01-01T00:00:00.000Z',
    status: 'ready',
    failure_reason: null,
    duration_seconds: null,
    thumbnail_url: null,
    stream_url: '',
    owner,
    is_owner: false,
    monetization_enabled: false,
    views: 0,
    // No like count: a sample has none to show (seed 002 §8), and none is invented.
    likes: null,
    comments: 0,
    sample: true,
    ...fields,
  };
}

/**
 * The built-in sample reels of seed 002 §8, shown when the list cannot be loaded or is empty. They are marked as
 * samples wherever they show, have no video (so nothing to play or hear), carry no like count, and cannot be liked,
 * commented on or shared.
 */
export const SAMPLE_REELS: readonly SampleReel[] = [
  sample(1, {
    title: 'Welcome to Shorts',
    description: 'Short vertical videos, one screen at a time. Swipe or use the arrow keys.',
    tags: ['fyp', 'viral', 'trending'],
  }),
  sample(2, {
    title: 'Make your first reel',
    description: 'Choose Create Reel, pick a vertical clip of 60 seconds or less, add a title and hashtags.',
    tags: ['howto', 'creators', 'fyp'],
  }),
  sample(3, {
    title: 'Keyboard shortcuts',
    description: 'Arrow Up or K for the previous reel, Arrow Down or J for the next, Space to play or pause.',
    tags: ['tips', 'shortcuts'],
  }),
];

/** The sample comments of seed 002 §8, shown (marked) when a reel's comments cannot be loaded. */
export const SAMPLE_COMMENTS: readonly ReelComment[] = [
  { id: 'sample-comment-1', username: 'scriven', content: 'Comments appear here once they can be loaded.', created_at: '2025-01-01T00:00:00.000Z', is_mine: false, sample: true },
  { id: 'sample-comment-2', username: 'scriven', content: 'Be kind: comments are public.', created_at: '2025-01-01T00:00:00.000Z', is_mine: false, sample: true },
];
