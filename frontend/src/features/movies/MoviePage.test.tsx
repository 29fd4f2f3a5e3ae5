import { describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { findUserByIdentifier, DEMO_CREDENTIALS } from '../../mocks/db';
import { errorBody, http } from '../../mocks/http';
import { mediaDb, type MockMovie } from '../../mocks/mediaDb';
import { server } from '../../mocks/server';
import { signInPath } from '../../shared/paths';
import { renderApp } from '../../test/renderApp';
import { storeDemoUserToken } from '../../test/session';

const demoMovie = (title: string): MockMovie => {
  const movie = mediaDb.movies.find((entry) => entry.title === title);
  if (!movie) throw new Error(`no demo movie "${title}"`);
  return movie;
};

const adaId = () => findUserByIdentifier(DEMO_CREDENTIALS.user.email)!.user.id;

/** Opens the page of the demo movie `title` (signed in as ada when `signedIn`), once its title shows. */
async function openMovie(title: string, { signedIn = false, premium = false } = {}) {
  if (signedIn) {
    storeDemoUserToken((user) => {
      user.is_premium = premium;
    });
  }
  const movie = demoMovie(title);
  const app = renderApp({ route: `/movies/${movie.id}` });
  await screen.findByRole('heading', { name: title, level: 1 });
  return { ...app, movie };
}

const rating = () => within(screen.getByRole('region', { name: 'Rating' }));

describe("a movie's page (/movies/:id)", () => {
  test('shows the player, the facts, genres, views, the rating, synopsis, cast and comments', async () => {
    await openMovie('The Lighthouse Keeper', { signedIn: true });

    expect(screen.getByLabelText('The Lighthouse Keeper', { selector: 'video' })).toBeInTheDocument();
    expect(screen.getByText('2024 · 1h 44m · PG · 1,520 views')).toBeInTheDocument();
    expect(screen.getByText('Drama')).toBeInTheDocument();
    expect(screen.getByText('Family Safe')).toBeInTheDocument();
    expect(rating().getByLabelText('Rated 4.4 out of 5 by 5 viewers')).toBeInTheDocument();
    expect(screen.getByText('A keeper and her daughter weather one last winter on the rock.')).toBeInTheDocument();
    const cast = within(screen.getByRole('region', { name: 'Cast' }));
    expect(cast.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['June Marlow', 'Theo Hart']);
    expect(await screen.findByRole('region', { name: 'Comments' })).toBeInTheDocument();
    expect(document.title).toBe('The Lighthouse Keeper · Scriven');
  });

  test('a signed-in viewer rates it, changes the rating and removes it; the average and count follow', async () => {
    const { user, movie } = await openMovie('The Lighthouse Keeper', { signedIn: true });
    const stars = () => within(rating().getByRole('group', { name: 'Your rating' }));

    await user.click(stars().getByRole('button', { name: 'Rate 2 stars' }));
    expect(await rating().findByLabelText('Rated 4.0 out of 5 by 6 viewers')).toBeInTheDocument(); // (22 + 2) / 6
    expect(stars().getByRole('button', { name: 'Rate 2 stars', pressed: true })).toBeInTheDocument();
    expect(rating().getByText('You rated it 2 of 5.')).toBeInTheDocument();
    expect(movie.ratings[adaId()]).toBe(2);

    await user.click(stars().getByRole('button', { name: 'Rate 5 stars' }));
    expect(await rating().findByLabelText('Rated 4.5 out of 5 by 6 viewers')).toBeInTheDocument(); // one rating per person: changed
    expect(stars().getByRole('button', { name: 'Rate 5 stars', pressed: true })).toBeInTheDocument();

    await user.click(rating().getByRole('button', { name: 'Remove my rating' }));
    expect(await rating().findByLabelText('Rated 4.4 out of 5 by 5 viewers')).toBeInTheDocument();
    expect(rating().queryByRole('button', { name: 'Remove my rating' })).not.toBeInTheDocument();
    expect(movie.ratings[adaId()]).toBeUndefined();
  });

  test('the first rating of an unrated movie: "No ratings yet" until then, never a number nobody gave', async () => {
    const lighthouse = demoMovie('The Lighthouse Keeper');
    lighthouse.ratings = {};
    const { user } = await openMovie('The Lighthouse Keeper', { signedIn: true });
    expect(rating().getByText('No ratings yet')).toBeInTheDocument();
    await user.click(rating().getByRole('button', { name: 'Rate 4 stars' }));
    expect(await rating().findByLabelText('Rated 4.0 out of 5 by 1 viewer')).toBeInTheDocument();
  });

  test('a refused rating says why, once, and the rating shown does not change', async () => {
    server.use(http.put('/api/movies/{id}/rating', ({ response }) => response(429).json(errorBody(429, 'RATE_LIMITED', 'You are changing ratings too fast. Please wait a minute.'))));
    const { user } = await openMovie('The Lighthouse Keeper', { signedIn: true });
    await user.click(rating().getByRole('button', { name: 'Rate 1 star' }));
    expect(await screen.findByText('Your rating was not saved: You are changing ratings too fast. Please wait a minute.')).toBeInTheDocument();
    expect(rating().getByLabelText('Rated 4.4 out of 5 by 5 viewers')).toBeInTheDocument();
    expect(rating().getByRole('button', { name: 'Rate 1 star', pressed: false })).toBeInTheDocument();
  });

  test('a visitor sees the movie and its rating, and is asked to sign in to watch and to rate (and comes back)', async () => {
    const { user, movie } = await openMovie('The Lighthouse Keeper');

    expect(screen.queryByLabelText('The Lighthouse Keeper', { selector: 'video' })).not.toBeInTheDocument();
    expect(screen.getByText('Sign in to watch this movie')).toBeInTheDocument();
    expect(rating().queryByRole('group', { name: 'Your rating' })).not.toBeInTheDocument();
    expect(rating().getByLabelText('Rated 4.4 out of 5 by 5 viewers')).toBeInTheDocument();

    await user.click(rating().getByRole('link', { name: 'Sign in to rate this movie' }));
    expect(screen.getByTestId('location').textContent).toBe(signInPath(`/movies/${movie.id}`));
  });

  test("the owner does not rate their own movie; favourites and watchlist stay in this browser; Share copies the page's link", async () => {
    const { user, movie } = await openMovie('Paper Boats', { signedIn: true }); // ada's
    expect(rating().getByText('You cannot rate your own movie')).toBeInTheDocument();
    expect(rating().queryByRole('group', { name: 'Your rating' })).not.toBeInTheDocument();

    const sent = jest.fn();
    server.events.on('request:start', sent);
    await user.click(screen.getByRole('button', { name: 'Add to Favorites', pressed: false }));
    expect(screen.getByRole('button', { name: 'Add to Favorites', pressed: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to Watchlist', pressed: false }));
    expect(screen.getByRole('button', { name: 'Add to Watchlist', pressed: true })).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
    server.events.removeAllListeners();

    const copy = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
    expect(copy).toHaveBeenCalledWith(`${window.location.origin}/movies/${movie.id}`);
  });

  test('a premium movie says what the viewer needs, with Get Premium; a premium member plays and rates it', async () => {
    const first = await openMovie('Gears of Tomorrow', { signedIn: true });
    expect(screen.queryByLabelText('Gears of Tomorrow', { selector: 'video' })).not.toBeInTheDocument();
    expect(screen.getByText('This movie is for Premium members. Get Premium to watch it.')).toBeInTheDocument();
    expect(rating().queryByRole('group', { name: 'Your rating' })).not.toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Get Premium' }));
    expect(await screen.findByRole('heading', { name: 'Premium', level: 1 })).toBeInTheDocument();
    first.unmount();

    const { user } = await openMovie('Gears of Tomorrow', { signedIn: true, premium: true });
    expect(screen.getByLabelText('Gears of Tomorrow', { selector: 'video' })).toBeInTheDocument();
    await user.click(rating().getByRole('button', { name: 'Rate 5 stars' }));
    expect(await rating().findByLabelText('Rated 4.0 out of 5 by 5 viewers')).toBeInTheDocument(); // (15 + 5) / 5
  });

  test('the view counts when playback starts', async () => {
    await openMovie('The Lighthouse Keeper', { signedIn: true });
    const player = screen.getByLabelText('The Lighthouse Keeper', { selector: 'video' }) as HTMLVideoElement;
    await act(() => player.play());
    expect(await screen.findByText('2024 · 1h 44m · PG · 1,521 views')).toBeInTheDocument();
    act(() => player.pause());
  });

  test('an unknown movie says it is not available, with the way back to the Cinema room', async () => {
    const { user } = renderApp({ route: '/movies/movie-that-does-not-exist' });
    expect(await screen.findByRole('heading', { name: 'This movie is not available', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the Cinema room' }));
    expect(await screen.findByRole('heading', { name: 'Cinema room', level: 1 })).toBeInTheDocument();
  });

  test('a movie that could not be read says so, and Try again reads it again', async () => {
    let fail = true;
    server.use(http.get('/api/movies/{id}', ({ response }) => (fail ? response.untyped(new Response('', { status: 500 })) : undefined)));
    const movie = demoMovie('The Lighthouse Keeper');
    const { user } = renderApp({ route: `/movies/${movie.id}` });
    expect(await screen.findByRole('heading', { name: 'This movie could not be loaded right now. Please try again.' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'The Lighthouse Keeper', level: 1 })).toBeInTheDocument();
  });
});
