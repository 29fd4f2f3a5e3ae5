import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';

/** A titled part of a page of text (help, legal, monetization); a region named by its title. */
export function ArticleSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Stack component="section" gap="xs" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
