import { describe, expect, jest, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { mediaDb } from '../../mocks/mediaDb';
import { errorBody, http } from '../../mocks/http';
import { server } from '../../mocks/server';
import { fill } from '../../test/fill';
import { field } from '../../test/queries';
import { renderSection } from '../../test/renderApp';
import { videoFile } from '../../test/media';
import { storeDemoUserToken } from '../../test/session';

/** Signed in, in the Cinema room (the header's button opens it: see Header.test). */
async function openCinema() {
  storeDemoUserToken();
  const app = await renderSection('movies');
  await screen.findByRole('heading', { name: 'Cinema room', level: 1 });
  return app;
}

const stat = (label: string) => within(screen.getByRole('region', { name: label }));
const grid = () => within(screen.getByRole('list', { name: 'Movies' }));
const shownTitles = () => grid().getAllByRole('article').map((card) => card.getAttribute('aria-label'));

describe('Cinema room', () => {
  test('stat cards, the poster grid, and search', async () => {
    const { user } = await openCinema();

    expect(await screen.findByRole('list', { name: 'Movies' })).toBeInTheDocument();
    expect(shownTitles()).toEqual(['Paper Boats', 'Gears of Tomorrow', 'The Lighthouse Keeper']);
    expect(stat('Total Movies').getByText('3')).toBeInTheDocument();
    expect(stat('Family Safe').getByText('2')).toBeInTheDocument();
    expect(stat('Premium').getByText('1')).toBeInTheDocument();
    // The mean of the viewers' averages, (4.4 + 3.75) / 2: Paper Boats has no rating and is left out.
    expect(stat('Avg Rating').getByText('4.1')).toBeInTheDocument();
    expect(stat('Avg Rating').getByText('From 9 viewer ratings')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search movies' }), 'sea');
    expect(shownTitles()).toEqual(['Paper Boats']); // "…all the way to the sea."
    await user.clear(screen.getByRole('searchbox', { name: 'Search movies' }));
    expect(shownTitles()).toHaveLength(3);
  });

  test('the cards fill their row evenly; a poster keeps its own shape in a 2:3 frame; a title takes two lines at most', async () => {
    await openCinema();
    const card = (await screen.findAllByRole('article'))[0];

    expect(card).toHaveStyle({ height: '100%' }); // as tall as the row's tallest
    const poster = within(card).getByRole('img', { name: `${card.getAttribute('aria-label')} poster` });
    const frame = within(card).getByTestId('poster-frame');
    expect(frame.style.aspectRatio).toBe('2 / 3');
    expect(frame).toHaveStyle({ overflow: 'hidden' });
    expect(poster.closest('[data-testid="poster-frame"] > *')).toHaveStyle({ position: 'absolute', height: '100%', width: '100%' });
    expect(poster).toHaveStyle({ height: '100%', width: '100%' });
    expect(poster.style.getPropertyValue('--image-object-fit')).toBe('cover'); // cropped, never stretched
    const title = within(card).getByRole('link', { name: card.getAttribute('aria-label') as string });
    expect(title).toHaveAttribute('data-line-clamp');
    expect(title.style.getPropertyValue('--text-line-clamp')).toBe('2');
    expect(within(card).getByRole('link', { name: 'Watch Now' })).toHaveStyle({ marginTop: 'auto' });
  });

  test('the tabs and the genre filter; one that empties the grid says so and offers Add First Movie', async () => {
    const { user } = await openCinema();
    await screen.findByRole('list', { name: 'Movies' });

    await user.click(screen.getByRole('tab', { name: 'Premium' }));
    expect(shownTitles()).toEqual(['Gears of Tomorrow']);
    await user.click(screen.getByRole('tab', { name: 'New Releases' }));
    expect(shownTitles()).toEqual(['Paper Boats', 'The Lighthouse Keeper']);
    await user.click(screen.getByRole('tab', { name: 'Family Safe' }));
    expect(shownTitles()).toEqual(['Paper Boats', 'The Lighthouse Keeper']);

    await user.click(screen.getByRole('combobox', { name: 'Genre' }));
    await user.click(await screen.findByRole('option', { name: 'Animation' }));
    expect(shownTitles()).toEqual(['Paper Boats']);
    await user.click(screen.getByRole('combobox', { name: 'Genre' }));
    await user.click(await screen.findByRole('option', { name: 'Action' }));
    // The empty state of seed 000 §2 whatever emptied the grid, with the hint under it.
    expect(screen.getByRole('heading', { name: 'No movies found' })).toBeInTheDocument();
    expect(screen.getByText('Try another search, genre or tab.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add First Movie' }));
    expect(await screen.findByRole('dialog', { name: 'Add Movie' })).toBeInTheDocument();
  });

  test('the list is read whole, page after page: the stat cards count, and the filters find, every movie', async () => {
    const lighthouse = mediaDb.movies.find((movie) => movie.title === 'The Lighthouse Keeper');
    if (!lighthouse) throw new Error('no demo movie');
    const then = Date.parse('2020-01-01T00:00:00.000Z');
    for (let i = 0; i < 101; i += 1) {
      // Older than the demo movies, so the last of them come on the second page (of 100).
      mediaDb.movies.push({
        ...lighthouse,
        id: `movie-extra-${i}`,
        title: `Extra ${i}`,
        description: i === 100 ? 'The oldest one, on the last page.' : null,
        is_premium: i % 2 === 0,
        ratings: {},
        created_at: new Date(then - i * 60_000).toISOString(),
      });
    }
    const cursors: (string | null)[] = [];
    server.use(
      http.get('/api/movies', ({ request }) => {
        cursors.push(new URL(request.url).searchParams.get('cursor'));
        return undefined;
      }),
    );
    const { user } = await openCinema();

    expect(await stat('Total Movies').findByText('104')).toBeInTheDocument();
    expect(cursors).toEqual([null, '100']);
    expect(stat('Family Safe').getByText('103')).toBeInTheDocument(); // all but Gears of Tomorrow
    expect(stat('Premium').getByText('52')).toBeInTheDocument(); // Gears of Tomorrow and 51 extras
    expect(stat('Avg Rating').getByText('4.1')).toBeInTheDocument();
    expect(shownTitles()).toHaveLength(104);

    await fill(user, screen.getByRole('searchbox', { name: 'Search movies' }), 'last page');
    expect(shownTitles()).toEqual(['Extra 100']);
  });

  test('a page of the list that cannot be read fails the load: the samples show, not a part of the list', async () => {
    const lighthouse = mediaDb.movies.find((movie) => movie.title === 'The Lighthouse Keeper');
    if (!lighthouse) throw new Error('no demo movie');
    for (let i = 0; i < 98; i += 1) {
      // With the 3 demo movies, one more than a page of 100.
      mediaDb.movies.push({ ...lighthouse, id: `movie-extra-${i}`, title: `Extra ${i}`, created_at: '2020-01-01T00:00:00.000Z' });
    }
    server.use(
      http.get('/api/movies', ({ request, response }) =>
        new URL(request.url).searchParams.get('cursor') ? response.untyped(new Response('', { status: 500 })) : undefined,
      ),
    );
    await openCinema();

    expect(await stat('Total Movies').findByText('6')).toBeInTheDocument();
    expect(grid().getAllByText('Sample')).toHaveLength(6);
  });

  test('with no rating anywhere, Avg Rating says so instead of a number', async () => {
    for (const movie of mediaDb.movies) movie.ratings = {};
    await openCinema();

    expect(await stat('Avg Rating').findByText('—')).toBeInTheDocument();
    expect(stat('Avg Rating').getByText('No ratings yet')).toBeInTheDocument();
  });

  test('no movies at all: "No movies found" with Add First Movie, which opens Add Movie', async () => {
    mediaDb.movies = [];
    const { user } = await openCinema();

    expect(await screen.findByText('No movies found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add First Movie' }));
    expect(await screen.findByRole('dialog', { name: 'Add Movie' })).toBeInTheDocument();
  });

  test('a failed load shows the six sample movies silently, marked as samples, without playback or sharing', async () => {
    server.use(http.get('/api/movies', ({ response }) => response.untyped(new Response('', { status: 500 }))));
    const { user } = await openCinema();

    expect(await screen.findByRole('list', { name: 'Movies' })).toBeInTheDocument();
    expect(shownTitles()).toHaveLength(6);
    expect(grid().getAllByText('Sample')).toHaveLength(6);
    expect(stat('Total Movies').getByText('6')).toBeInTheDocument();
    // Silent (seed 000 §4, §8): no message about the failure, no error toast.
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Failed/)).not.toBeInTheDocument();
    // The samples have no rating: none is shown, and Avg Rating has none to average.
    expect(stat('Avg Rating').getByText('—')).toBeInTheDocument();
    expect(stat('Avg Rating').getByText('No ratings yet')).toBeInTheDocument();
    expect(grid().queryByText(/^\d+\.\d$/)).not.toBeInTheDocument();
    expect(grid().getAllByRole('button', { name: 'Watch Now' }).every((button) => (button as HTMLButtonElement).disabled)).toBe(true);

    await user.click(grid().getByRole('button', { name: 'Details of Paper Moons' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Paper Moons' }));
    expect(dialog.getByText('Sample')).toBeInTheDocument();
    expect(dialog.queryByText(/^\d+\.\d$/)).not.toBeInTheDocument(); // no rating
    expect(dialog.getByRole('button', { name: 'Play Movie' })).toBeDisabled();
    expect(dialog.getByText('Sample movies have no video to play')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Share' })).toBeDisabled();
  });

  test('the detail dialog: synopsis, cast and rating, Play Movie and a link to the page, local favourites and watchlist, Share', async () => {
    const { user } = await openCinema();
    await user.click(await screen.findByRole('button', { name: 'Details of The Lighthouse Keeper' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'The Lighthouse Keeper' }));
    const id = mediaDb.movies.find((movie) => movie.title === 'The Lighthouse Keeper')?.id;

    expect(dialog.getByRole('heading', { name: 'Synopsis' })).toBeInTheDocument();
    expect(dialog.getByText('A keeper and her daughter weather one last winter on the rock.')).toBeInTheDocument();
    expect(dialog.getByText('June Marlow, Theo Hart')).toBeInTheDocument();
    expect(dialog.getByText('4.4')).toBeInTheDocument();
    expect(dialog.getByText('(5 ratings)')).toBeInTheDocument();
    // Play Movie and the page link lead to the movie's page, where it plays.
    expect(dialog.getByRole('link', { name: 'Play Movie' })).toHaveAttribute('href', `/movies/${id}`);
    expect(dialog.getByRole('link', { name: 'Open the movie page: rating and comments' })).toHaveAttribute('href', `/movies/${id}`);

    const sent = jest.fn();
    server.events.on('request:start', sent);
    await user.click(dialog.getByRole('button', { name: 'Add to Favorites', pressed: false }));
    expect(dialog.getByRole('button', { name: 'Add to Favorites', pressed: true })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Add to Watchlist', pressed: false }));
    expect(dialog.getByRole('button', { name: 'Add to Watchlist', pressed: true })).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled(); // nothing goes to a server
    server.events.removeAllListeners();

    const copy = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(dialog.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
    expect(copy).toHaveBeenCalledWith(`${window.location.origin}/movies/${id}`);
  });

  test("Watch Now and a card's title lead to the movie's page", async () => {
    const { user } = await openCinema();
    const card = within(await screen.findByRole('article', { name: 'Paper Boats' }));
    const id = mediaDb.movies.find((movie) => movie.title === 'Paper Boats')?.id;

    expect(card.getByRole('link', { name: 'Paper Boats' })).toHaveAttribute('href', `/movies/${id}`);
    await user.click(card.getByRole('link', { name: 'Watch Now' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/movies/${id}`);
  });

  test('a premium movie says what it needs in the dialog, with Get Premium', async () => {
    const { user } = await openCinema();
    await user.click(await screen.findByRole('button', { name: 'Details of Gears of Tomorrow' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Gears of Tomorrow' }));
    expect(dialog.getByRole('button', { name: 'Play Movie' })).toBeDisabled();
    expect(dialog.getByText('This movie is for Premium members. Get Premium to watch it.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Get Premium' }));
    expect(screen.queryByRole('dialog', { name: 'Gears of Tomorrow' })).not.toBeInTheDocument();
  });
});

describe('Add Movie (seed 000 §4, §5, §7)', () => {
  test('the checks: the defaults, a file and a title required, the year kept within range', async () => {
    let calls = 0;
    server.use(
      http.post('/api/movies/upload', () => {
        calls += 1;
        return undefined;
      }),
    );
    const { user } = await openCinema();
    await user.click(screen.getByRole('button', { name: 'Add Movie' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Movie' }));
    expect(dialog.getByRole('combobox', { name: 'Age rating' })).toHaveValue('PG');
    expect(dialog.getByRole('checkbox', { name: 'Family safe' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Premium' })).not.toBeChecked();

    await user.click(dialog.getByRole('button', { name: 'Upload Movie' }));
    expect(await dialog.findByText('Please select a movie file')).toBeInTheDocument();
    expect(dialog.getByText('Please enter a movie title')).toBeInTheDocument();
    expect(calls).toBe(0);

    await fill(user, dialog.getByRole('textbox', { name: 'Year' }), '1850');
    await user.tab();
    expect(dialog.getByRole('textbox', { name: 'Year' })).toHaveValue('1900'); // kept within 1900 to this year + 5
  });

  test('the upload: "Movie uploaded successfully!", the dialog closes and the movie shows processing', async () => {
    let sent: Record<string, unknown> = {};
    server.use(
      http.post('/api/movies/upload', async ({ request }) => {
        const form = await request.clone().formData();
        sent = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));
        return undefined;
      }),
    );
    const { user } = await openCinema();
    await user.click(screen.getByRole('button', { name: 'Add Movie' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Movie' }));

    await user.upload(dialog.getByLabelText('Choose movie file'), videoFile('film.mp4', 2000));
    await fill(user, field(dialog, 'Title'), 'Test Pattern');
    await fill(user, dialog.getByRole('textbox', { name: 'Year' }), '2024');
    await fill(user, dialog.getByRole('textbox', { name: 'Duration (minutes)' }), '95');
    await user.click(dialog.getByRole('combobox', { name: 'Genres' }));
    await user.click(await dialog.findByRole('option', { name: 'Drama' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Premium' }));
    // Enter adds a name to the cast, and never submits the form (nor does Enter in the empty field).
    const cast = dialog.getByRole('combobox', { name: 'Cast' });
    await user.type(cast, 'June Marlow{Enter}');
    await user.type(cast, '  Theo Hart {Enter}');
    await user.type(cast, '{Enter}');
    expect(screen.getByRole('dialog', { name: 'Add Movie' })).toBeInTheDocument();
    expect(screen.queryByText('Movie uploaded successfully!')).not.toBeInTheDocument();
    expect(sent).toEqual({}); // nothing was sent
    expect(dialog.getByText('June Marlow')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Upload Movie' }));

    expect(await screen.findByText('Movie uploaded successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add Movie' })).not.toBeInTheDocument();
    expect(sent).toEqual({
      title: 'Test Pattern',
      description: '',
      genre: '["Drama"]',
      year: '2024',
      duration: '95',
      age_rating: 'PG',
      is_premium: 'true',
      family_safe: 'true',
      cast: '["June Marlow","Theo Hart"]',
    });
    expect(mediaDb.movies.find((movie) => movie.title === 'Test Pattern')?.cast).toEqual(['June Marlow', 'Theo Hart']);
    const card = within(await grid().findByRole('article', { name: 'Test Pattern' }));
    expect(card.getByText('Processing')).toBeInTheDocument();
  });

  test('a refused upload says "Failed to upload movie: " and the server detail', async () => {
    server.use(
      http.post('/api/movies/upload', ({ response }) =>
        response(413).json(errorBody(413, 'CATALOG.TOO_LARGE', 'File size must be less than 20GB')),
      ),
    );
    const { user } = await openCinema();
    await user.click(screen.getByRole('button', { name: 'Add Movie' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Movie' }));
    await user.upload(dialog.getByLabelText('Choose movie file'), videoFile('film.mp4', 2000));
    await fill(user, field(dialog, 'Title'), 'Too big');
    await user.click(dialog.getByRole('button', { name: 'Upload Movie' }));

    // Said once, in the dialog: no toast beside it.
    expect(await dialog.findByRole('alert')).toHaveTextContent('Failed to upload movie: File size must be less than 20GB');
    expect(screen.getAllByText('Failed to upload movie: File size must be less than 20GB')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Add Movie' })).toBeInTheDocument();
  });
});
