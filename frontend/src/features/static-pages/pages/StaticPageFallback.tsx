import { useEffect, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { fetchStaticPage, replaceDocument, type StaticPagePath } from '../staticPageFiles';
import { NotFoundPage } from './NotFoundPage';

/**
 * The app opened at one of the static pages' paths (seed 002 §2.16): the page's file is fetched and replaces the
 * document; when it cannot be had, the 404 screen.
 */
export function StaticPageFallback({ path }: { path: StaticPagePath }) {
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    setFailed(false);
    fetchStaticPage(path, abort.signal).then(
      (html) => {
        if (!abort.signal.aborted) replaceDocument(html);
      },
      () => {
        if (!abort.signal.aborted) setFailed(true);
      },
    );
    return () => abort.abort();
  }, [path]);

  if (failed) return <NotFoundPage />;
  return (
    <Center mih="100vh" p="md">
      <Loader role="status" aria-label="Loading the page" />
    </Center>
  );
}
