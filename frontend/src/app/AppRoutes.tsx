import { useEffect } from 'react';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { useStores } from '../stores/StoreProvider';
import { PATHS } from '../shared/paths';
import { HomeRoute } from './routes/HomeRoute';
import { AdminConsolePage } from '../features/admin/pages/AdminConsolePage';
import { FounderLockedPage } from '../features/founder/pages/FounderLockedPage';
import { FounderControlPage } from '../features/founder/pages/FounderControlPage';
import { ParentalConsentPage } from '../features/auth/pages/ParentalConsentPage';
import { NotFoundPage } from '../features/static-pages/pages/NotFoundPage';
import { StaticPageFallback } from '../features/static-pages/pages/StaticPageFallback';
import { STATIC_PAGE_PATHS } from '../features/static-pages/staticPageFiles';
import { TermsPage } from '../features/static-pages/pages/TermsPage';
import { PrivacyPage } from '../features/static-pages/pages/PrivacyPage';
import { GuidelinesPage } from '../features/static-pages/pages/GuidelinesPage';
import { HelpContent } from '../features/help/components/HelpContent';
import { MonetizationPage } from '../features/monetization/pages/MonetizationPage';
import { ReelRoute } from './routes/ReelRoute';
import { MovieRoute } from './routes/MovieRoute';
import { MusicTrackRoute } from './routes/MusicTrackRoute';
import { PodcastsRoute } from './routes/PodcastsRoute';
import { MusicPlayerBar } from '../features/music/components/MusicPlayerBar';
import { PodcastPlayerBar } from '../features/podcasts/components/PodcastPlayerBar';
import { VideoRoute } from './routes/VideoRoute';
import { SignInRoute } from './routes/SignInRoute';
import { ChannelRoute } from './routes/ChannelRoute';
import { LiveRoute } from './routes/LiveRoute';
import { LiveStreamRoute } from './routes/LiveStreamRoute';
import { GamingRoute } from './routes/GamingRoute';
import { SportsRoute } from './routes/SportsRoute';
import { AdsRoute } from './routes/AdsRoute';
import { PageLayout } from './shell/PageLayout';
import { ReportDialog } from '../features/moderation/components/ReportDialog';

/** Top-level routes (seed 002 §2.1). `?admin=true` replaces everything with the admin console. */
export function AppRoutes() {
  const { auth, features } = useStores();
  const [searchParams] = useSearchParams();

  // A stored user token is checked once, whatever page the app opens on.
  useEffect(() => {
    void auth.init();
  }, [auth]);
  // Which features are on (read now, then every minute): the app hides what is off.
  useEffect(() => features.start(), [features]);

  if (searchParams.get('admin') === 'true') return <AdminConsolePage />;

  return (
    <>
      <Routes>
        <Route path={PATHS.home} element={<HomeRoute />} />
        <Route path={PATHS.admin} element={<AdminConsolePage />} />
        <Route path={PATHS.founder} element={<FounderLockedPage />} />
        <Route path={PATHS.founderControl} element={<FounderControlPage />} />
        <Route path={PATHS.parentalConsent} element={<ParentalConsentPage />} />
        <Route path={PATHS.reel} element={<ReelRoute />} />
        <Route path={PATHS.video} element={<VideoRoute />} />
        <Route path={PATHS.movie} element={<MovieRoute />} />
        <Route path={PATHS.musicTrack} element={<MusicTrackRoute />} />
        <Route path={PATHS.podcasts} element={<PodcastsRoute />} />
        <Route path={PATHS.signIn} element={<SignInRoute />} />
        <Route path={PATHS.channel} element={<ChannelRoute />} />
        <Route path={PATHS.live} element={<LiveRoute />} />
        <Route path={PATHS.liveStream} element={<LiveStreamRoute />} />
        <Route path={PATHS.gaming} element={<GamingRoute />} />
        <Route path={PATHS.sports} element={<SportsRoute />} />
        <Route path={PATHS.ads} element={<AdsRoute />} />
        {/* Pages of their own: the header as the visitor or user sees it, and the footer, around them. */}
        <Route element={<PageLayout />}>
          <Route path={PATHS.help} element={<HelpContent />} />
          <Route path={PATHS.monetization} element={<MonetizationPage />} />
          <Route path={PATHS.terms} element={<TermsPage />} />
          <Route path={PATHS.privacy} element={<PrivacyPage />} />
          <Route path={PATHS.guidelines} element={<GuidelinesPage />} />
        </Route>
        {/* The static pages (public/*.html) when the app was served in their place: their file replaces the document. */}
        {STATIC_PAGE_PATHS.map((path) => (
          <Route key={path} path={path} element={<StaticPageFallback path={path} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      {/* One Report Content dialog for every page's Report controls (shown to a signed-in user only). */}
      <ReportDialog />
      {/* The music player's bar under every page, while something is queued. */}
      <MusicPlayerBar />
      {/* The podcast player's bar, once an episode is chosen. */}
      <PodcastPlayerBar />
    </>
  );
}
