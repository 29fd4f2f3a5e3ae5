import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useLocation } from 'react-router-dom';
import { Anchor, Badge, Box, Button, Center, Grid, Group, Image, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { useSectionNavigation } from '../../../stores/useSectionNavigation';
import { formatViews } from '../../../shared/format';
import { ArrowLeftIcon, BookmarkIcon, LockIcon, ShareIcon, StarIcon } from '../../../shared/icons';
import { CommentsSection } from '../../comments/components/CommentsSection';
import { MediaPending } from '../../media/components/MediaStatus';
import { WatchPlayer } from '../../watch/components/WatchPlayer';
import { UpNextPanel, useAutoplayCountdown } from '../../watch/components/UpNextPanel';
import { moviePath, startAtParam } from '../../../shared/paths';
import { ReportControl } from '../../moderation/components/ReportControl';
import { movieTarget } from '../../moderation/targets';
import { MOVIE_MESSAGES, movieSource } from '../rules';
import type { MovieDto } from '../types';
import { MoviePoster, movieFacts } from './MoviePoster';
import { MovieBadges } from './MovieBadges';
import { MovieRating } from './MovieRating';
import { MovieUpNextTile } from './MovieUpNextTile';

const FRAME = { aspectRatio: '16 / 9', borderRadius: 12, overflow: 'hidden', position: 'relative' } as const;

/** What shows where the player would be when it cannot play here: the backdrop, and what the viewer needs. */
function Locked({ movie, children }: { movie: MovieDto; children: ReactNode }) {
  const picture = movie.backdrop_url ?? movie.poster_url;
  return (
    <Box style={FRAME} bg="dark.8">
      {picture ? <Image src={picture} alt="" h="100%" w="100%" fit="cover" style={{ opacity: 0.35 }} /> : <MoviePoster movie={movie} />}
      <Center pos="absolute" top={0} left={0} w="100%" h="100%" p="md">
        <Paper p="md" radius="md" withBorder maw={420} ta="center">
          {children}
        </Paper>
      </Center>
    </Box>
  );
}

/** The player, or what the viewer needs to play it: to sign in, or premium (with Get Premium); the owner sees processing. */
const MoviePlayer = observer(function MoviePlayer({
  movie,
  player,
  startAt,
  onEnded,
}: {
  movie: MovieDto;
  player: RefObject<HTMLVideoElement | null>;
  startAt: number | null;
  onEnded: () => void;
}) {
  const { movies, watch } = useStores();
  const { signedIn, signInHref } = useRequireAccount();
  const { openSection } = useSectionNavigation();

  if (movie.status !== 'ready') {
    return (
      <Box style={FRAME} bg="dark.8">
        <MediaPending status={movie.status} failureReason={movie.failure_reason} />
      </Box>
    );
  }
  if (!signedIn) {
    return (
      <Locked movie={movie}>
        <Stack gap="xs" align="center">
          <LockIcon size={20} />
          <Text fw={600}>Sign in to watch this movie</Text>
          <Button component={Link} to={signInHref}>
            Sign in
          </Button>
        </Stack>
      </Locked>
    );
  }
  if (movies.needsPremium(movie)) {
    return (
      <Locked movie={movie}>
        <Stack gap="xs" align="center">
          <Badge color="yellow">Premium</Badge>
          <Text fw={600}>{MOVIE_MESSAGES.premiumOnly}</Text>
          <Button color="yellow" onClick={() => openSection('premium')}>
            Get Premium
          </Button>
        </Stack>
      </Locked>
    );
  }
  return (
    <WatchPlayer
      ref={player}
      videoId={movie.id}
      src={movieSource(movie)}
      hlsUrl={movie.video_url ? null : movie.hls_url}
      poster={movie.backdrop_url ?? movie.poster_url}
      title={movie.title}
      theatre={watch.theatre}
      onTheatreChange={watch.setTheatre}
      onFirstPlay={() => void movies.recordView(movie.id)}
      startAt={startAt}
      savedAt={movie.position_seconds}
      onWatched={(seconds) => void movies.heartbeat(movie.id, seconds, player.current?.currentTime)}
      onEnded={onEnded}
    />
  );
});

const Actions = observer(function Actions({ movie, player }: { movie: MovieDto; player: RefObject<HTMLVideoElement | null> }) {
  const { movies } = useStores();
  const favorite = movies.favorites.has(movie.id);
  const listed = movies.watchlist.has(movie.id);
  return (
    <Group gap="xs">
      <Button
        variant={favorite ? 'filled' : 'default'}
        color={favorite ? 'red' : undefined}
        radius="xl"
        leftSection={<StarIcon size={14} filled={favorite} />}
        aria-pressed={favorite}
        onClick={() => movies.toggleFavorite(movie.id)}
      >
        Add to Favorites
      </Button>
      <Button
        variant={listed ? 'filled' : 'default'}
        radius="xl"
        leftSection={<BookmarkIcon size={14} filled={listed} />}
        aria-pressed={listed}
        onClick={() => movies.toggleWatchlist(movie.id)}
      >
        Add to Watchlist
      </Button>
      <Tooltip label="Copy link" withArrow>
        <Button variant="default" radius="xl" leftSection={<ShareIcon size={14} />} onClick={() => void movies.share(movie)}>
          Share
        </Button>
      </Tooltip>
      <ReportControl radius="xl" own={movie.is_owner} target={() => movieTarget(movie, player.current)} />
    </Group>
  );
});

/**
 * A movie's page (`/movies/:id`), for visitors and signed-in users alike: the watch page's player (HLS with its
 * quality menu when the movie has a ladder, else the file; resume at `?t=`, this browser's or the server's point) or
 * what the viewer needs to play it, Up next with autoplay (the watch pages' one switch), the title, year, duration, age rating, genres and views, the viewers' rating with the viewer's own stars,
 * favourites, watchlist, share and report, the synopsis, the cast and the comments. An unknown or hidden movie says it is not
 * available.
 */
export const MoviePage = observer(function MoviePage({ id }: { id: string }) {
  const { movies, auth, watch } = useStores();
  const { openSection } = useSectionNavigation();
  const player = useRef<HTMLVideoElement>(null);
  const startAt = startAtParam(useLocation().search);
  const movie = movies.page?.id === id ? movies.page : null;
  const autoplay = useAutoplayCountdown(movies.next ? moviePath(movies.next.id) : null, id);
  // Signing in or out resets the stores: the page is read again as whoever is now signed in.
  const userId = auth.user?.id ?? null;

  useEffect(() => {
    void movies.openPage(id);
    return () => movies.closePage();
  }, [id, movies, userId]);

  useEffect(() => {
    if (movie) document.title = `${movie.title} · Scriven`;
  }, [movie]);

  const ready = movie !== null;
  useEffect(() => {
    if (ready) void movies.loadUpNext(id);
  }, [ready, id, movies, userId]);

  if (movies.pageStatus === 'loading' || movies.pageStatus === 'idle') {
    return (
      <Center py="xl" role="status" aria-label="Loading the movie">
        <Loader />
      </Center>
    );
  }
  if (!movie) {
    const missing = movies.pageStatus === 'missing';
    return (
      <Stack align="center" py="xl" gap="sm">
        <Title order={1} size="h3">
          {missing ? MOVIE_MESSAGES.unavailable : MOVIE_MESSAGES.loadOneFailed}
        </Title>
        {missing && <Text c="dimmed">It may have been removed, or its channel is private.</Text>}
        <Group gap="xs">
          {!missing && (
            <Button variant="default" onClick={() => void movies.openPage(id)}>
              Try again
            </Button>
          )}
          <Button variant="default" onClick={() => openSection('movies')}>
            Go to the Cinema room
          </Button>
        </Group>
      </Stack>
    );
  }

  const playerBlock = (
    <MoviePlayer
      movie={movie}
      player={player}
      startAt={startAt}
      onEnded={() => {
        if (watch.autoplay && movies.next) autoplay.start();
      }}
    />
  );

  return (
    <Stack gap="lg">
      <Anchor component="button" type="button" size="sm" onClick={() => openSection('movies')} style={{ alignSelf: 'flex-start' }}>
        <Group gap={4}>
          <ArrowLeftIcon size={14} />
          Cinema room
        </Group>
      </Anchor>
      {watch.theatre && playerBlock}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            {!watch.theatre && playerBlock}
            <Title order={1} size="h3">
              {movie.title}
            </Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {movieFacts(movie)} · {formatViews(movie.views)}
              </Text>
              <MovieBadges movie={movie} />
            </Group>
            <Group justify="space-between" align="flex-start" gap="md">
              <MovieRating movie={movie} />
              <Actions movie={movie} player={player} />
            </Group>
            <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="md" component="section" aria-label="Synopsis">
              <Title order={2} size="h5" mb={4}>
                Synopsis
              </Title>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {movie.description ?? 'No synopsis yet.'}
              </Text>
            </Paper>
            {movie.status === 'ready' && <CommentsSection kind="movie" mediaId={movie.id} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Box maw={260} style={{ aspectRatio: '2 / 3', borderRadius: 8, overflow: 'hidden' }}>
              <MoviePoster movie={movie} />
            </Box>
            <section aria-label="Cast">
              <Title order={2} size="h5" mb={4}>
                Cast
              </Title>
              {movie.cast.length > 0 ? (
                <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {movie.cast.map((name) => (
                    <Text key={name} component="li" size="sm">
                      {name}
                    </Text>
                  ))}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  No cast listed.
                </Text>
              )}
            </section>
            <UpNextPanel
              countdown={autoplay.countdown}
              nextTitle={movies.next?.title ?? null}
              onCancel={autoplay.cancel}
              status={movies.upNextStatus}
              count={movies.upNext.length}
              empty="No other movies yet."
            >
              {movies.upNext.map((item) => (
                <MovieUpNextTile key={item.id} movie={item} />
              ))}
            </UpNextPanel>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
});
