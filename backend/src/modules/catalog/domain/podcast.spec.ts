import { ValidationError } from '../../../common/errors/domain-error.js';
import { downloadThreshold, normaliseShowName, podcastAchievements, podcastLevel, validateEpisodeMeta } from './podcast.js';

describe('validateEpisodeMeta', () => {
  it('trims, collapses the show name, and applies the defaults (General, episode 1, season 1)', () => {
    expect(validateEpisodeMeta({ title: ' T ', show_name: '  My   Show ' })).toEqual({ title: 'T', description: null, showName: 'My Show', category: 'General', episodeNumber: 1, seasonNumber: 1, monetizationEnabled: false });
  });

  it('names every problem field', () => {
    try {
      validateEpisodeMeta({ category: 'Cooking', episode_number: '0', season_number: 'x' });
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).fields?.map((p) => p.field)).toEqual(['title', 'show_name', 'category', 'episode_number', 'season_number']);
    }
  });
});

describe('podcast figures', () => {
  it('level: 1 with no plays, 10 from 10,000, never lower with more plays', () => {
    const levels = [0, 9, 10, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 1e9].map(podcastLevel);
    expect(levels).toEqual([1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10]);
  });

  it('achievements by their thresholds', () => {
    expect(podcastAchievements({ episodes: 0, plays: 0, likes: 0, subscribers: 0 })).toEqual([]);
    expect(podcastAchievements({ episodes: 10, plays: 1000, likes: 10, subscribers: 1 })).toEqual(['First Episode', '10 Episodes', '100 Plays', '1,000 Plays', '10 Likes', 'First Subscriber']);
  });

  it('a download needs a minute of audio worth of bytes, or the whole of a shorter file', () => {
    expect(downloadThreshold(1_200_000, 120)).toBe(600_000);
    expect(downloadThreshold(1_000, 30)).toBe(1_000);
    expect(downloadThreshold(1_000, null)).toBe(1_000);
  });

  it('show names compare trimmed, collapsed and in lower case', () => {
    expect(normaliseShowName('  The  Daily ')).toBe('the daily');
  });
});
