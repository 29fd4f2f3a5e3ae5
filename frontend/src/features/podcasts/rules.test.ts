import { describe, expect, test } from '@jest/globals';
import {
  DEFAULT_VOLUME,
  LOCAL_PROGRESS_MAX,
  PODCAST_MESSAGES,
  categoryFilters,
  dayLabel,
  dueForSave,
  episodeNumbering,
  episodeUploadProblems,
  hasPlays,
  isFinished,
  levelBarPercent,
  looksLikeAudio,
  parseLocalProgress,
  playsSummary,
  recordLocalProgress,
  resumeAt,
  wholeAtLeastOne,
  type EpisodeUploadInput,
} from './rules';
import type { PodcastEpisode } from './types';

const audio = (name = 'show.mp3', type = 'audio/mpeg') => ({ name, type }) as File;

const form = (change: Partial<EpisodeUploadInput> = {}): EpisodeUploadInput => ({
  file: audio(),
  title: 'Pilot',
  description: '',
  showName: 'Night Shift',
  category: 'General',
  episodeNumber: 1,
  seasonNumber: 1,
  monetizationEnabled: false,
  ...change,
});

const episode = (id: string, duration: number | null = 600): PodcastEpisode =>
  ({ id, title: `Episode ${id}`, stream_url: `/api/podcasts/episode/${id}/stream`, duration_seconds: duration }) as PodcastEpisode;

describe('podcast rules', () => {
  test('the player starts at volume 75 (seed 002 §9)', () => {
    expect(DEFAULT_VOLUME).toBe(75);
  });

  test('the level bar is level × 10 percent, within 0–100', () => {
    expect(levelBarPercent(1)).toBe(10);
    expect(levelBarPercent(7)).toBe(70);
    expect(levelBarPercent(10)).toBe(100);
    expect(levelBarPercent(12)).toBe(100);
    expect(levelBarPercent(-1)).toBe(0);
    expect(levelBarPercent(Number.NaN)).toBe(0);
  });

  test('category buttons: All Episodes with the sum, then the counted categories in the seed order', () => {
    const filters = categoryFilters([
      { category: 'Comedy', episode_count: 1 },
      { category: 'Technology', episode_count: 3 },
      { category: 'News', episode_count: 0 },
      { category: 'Business', episode_count: 2 },
    ]);
    expect(filters).toEqual([
      { category: null, label: 'All Episodes', count: 6 },
      { category: 'Technology', label: 'Technology', count: 3 },
      { category: 'Business', label: 'Business', count: 2 },
      { category: 'Comedy', label: 'Comedy', count: 1 },
    ]);
    expect(categoryFilters([])).toEqual([{ category: null, label: 'All Episodes', count: 0 }]);
  });

  test('upload: an audio file, a title and a show name are required; numbers are whole and at least 1', () => {
    expect(episodeUploadProblems(form())).toEqual({});
    expect(episodeUploadProblems(form({ file: null, title: '  ', showName: '' }))).toEqual({
      file: 'Please select an audio file',
      title: 'Please enter a title',
      showName: 'Please enter a show name',
    });
    expect(episodeUploadProblems(form({ file: audio('clip.mp4', 'video/mp4') })).file).toBe(PODCAST_MESSAGES.noFile);
    expect(episodeUploadProblems(form({ episodeNumber: 0, seasonNumber: '' }))).toEqual({
      episodeNumber: 'Episode number must be a whole number of at least 1',
      seasonNumber: 'Season number must be a whole number of at least 1',
    });
    expect(episodeUploadProblems(form({ episodeNumber: 2.5 })).episodeNumber).toBeDefined();
    expect(wholeAtLeastOne('3')).toBe(3);
    expect(wholeAtLeastOne(' ')).toBeNull();
  });

  test('an audio file is told by its type or its name', () => {
    expect(looksLikeAudio(audio('a.m4a', ''))).toBe(true);
    expect(looksLikeAudio(audio('a.bin', 'audio/ogg'))).toBe(true);
    expect(looksLikeAudio(audio('notes.txt', 'text/plain'))).toBe(false);
    expect(looksLikeAudio(audio('mp3', ''))).toBe(false);
  });

  test('numbering reads S1 · E2, or the season alone', () => {
    expect(episodeNumbering({ season_number: 1, episode_number: 2 })).toBe('S1 · E2');
    expect(episodeNumbering({ season_number: 3, episode_number: null })).toBe('S3');
  });

  test('resuming: at the saved place, from the start when finished (within 5 s of the end) or barely begun', () => {
    expect(resumeAt(125.7, 600)).toBe(125);
    expect(resumeAt(596, 600)).toBe(0);
    expect(resumeAt(594, 600)).toBe(594);
    expect(resumeAt(0.5, 600)).toBe(0);
    expect(resumeAt(null, 600)).toBe(0);
    expect(resumeAt(40, null)).toBe(40);
    expect(isFinished(595, 600)).toBe(true);
    expect(isFinished(594.9, 600)).toBe(false);
    expect(isFinished(595, null)).toBe(false);
  });

  test('the place is saved every 10 s of playing', () => {
    expect(dueForSave(null, 9.9)).toBe(false);
    expect(dueForSave(null, 10)).toBe(true);
    expect(dueForSave(40, 49)).toBe(false);
    expect(dueForSave(40, 50.2)).toBe(true);
    // A jump back counts as moving too.
    expect(dueForSave(40, 12)).toBe(true);
  });

  test("a visitor's places: newest first, a finished or barely begun episode leaves, at most LOCAL_PROGRESS_MAX kept", () => {
    const now = new Date('2026-11-25T08:00:00Z');
    let items = recordLocalProgress([], episode('a'), 61.4, 600, now);
    items = recordLocalProgress(items, episode('b'), 30, 600, now);
    expect(items.map((i) => [i.episode.id, i.position_seconds])).toEqual([
      ['b', 30],
      ['a', 61],
    ]);
    items = recordLocalProgress(items, episode('a'), 90, 600, now);
    expect(items.map((i) => i.episode.id)).toEqual(['a', 'b']);
    expect(recordLocalProgress(items, episode('a'), 597, 600, now).map((i) => i.episode.id)).toEqual(['b']);
    expect(recordLocalProgress(items, episode('b'), 0.4, 600, now).map((i) => i.episode.id)).toEqual(['a']);

    let many = items;
    for (let i = 0; i < LOCAL_PROGRESS_MAX + 5; i++) many = recordLocalProgress(many, episode(`e${i}`), 20, 600, now);
    expect(many).toHaveLength(LOCAL_PROGRESS_MAX);
    expect(many[0].episode.id).toBe(`e${LOCAL_PROGRESS_MAX + 4}`);
  });

  test('kept places read back; anything malformed is dropped', () => {
    const good = { episode: episode('a'), position_seconds: 12, updated_at: '2026-11-25T08:00:00.000Z' };
    expect(parseLocalProgress([good, { episode: { id: 'x' }, position_seconds: 3, updated_at: 'x' }, 'junk', null])).toEqual([good]);
    expect(parseLocalProgress({ not: 'a list' })).toEqual([]);
  });

  test('plays per day: the empty state without plays, and what the chart says', () => {
    const days = [
      { date: '2026-11-23', plays: 0 },
      { date: '2026-11-24', plays: 3 },
      { date: '2026-11-25', plays: 1 },
    ];
    expect(hasPlays(days)).toBe(true);
    expect(hasPlays(days.map((d) => ({ ...d, plays: 0 })))).toBe(false);
    expect(dayLabel('2026-11-03')).toBe('Nov 3');
    expect(playsSummary(days)).toBe('Plays per day, Nov 23 to Nov 25: 4 plays in all, most on Nov 24 (3)');
  });
});
