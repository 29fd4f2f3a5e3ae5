import { describe, expect, jest, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Description, linkify, timestampSeconds } from './components/Description';

describe('timestampSeconds', () => {
  test.each([
    ['0:00', 0],
    ['0:07', 7],
    ['4:05', 245],
    ['12:34', 754],
    ['1:02:03', 3723],
    ['10:00:00', 36_000],
  ])('%s is %i s', (text, seconds) => {
    expect(timestampSeconds(text)).toBe(seconds);
  });
});

describe('linkify', () => {
  const parts = (text: string) =>
    linkify(text, () => undefined).map((part) => (typeof part === 'string' ? part : `<${(part as { props: { children: string } }).props.children}>`));

  test('plain text stays one piece', () => {
    expect(parts('Nothing to click here.')).toEqual(['Nothing to click here.']);
  });

  test('timestamps and web links become their own pieces, the text around them kept', () => {
    expect(parts('Intro 0:00, the engine at 4:05 and 1:02:03; notes at https://example.com/notes.')).toEqual([
      'Intro ',
      '<0:00>',
      ', the engine at ',
      '<4:05>',
      ' and ',
      '<1:02:03>',
      '; notes at ',
      '<https://example.com/notes>',
      '.',
    ]);
  });

  test('a link does not take the punctuation after it, and its own colons are not timestamps', () => {
    expect(parts('See (http://example.com:8080/a?t=1:30).')).toEqual(['See (', '<http://example.com:8080/a?t=1:30>', ').']);
  });

  test('what only looks like a time is left alone: no seconds, three digits, inside a word', () => {
    expect(parts('At 4 pm, 123:45 or ab1:23cd')).toEqual(['At 4 pm, 123:45 or ab1:23cd']);
  });
});

describe('Description', () => {
  const show = (text: string | null, onSeek = jest.fn()) => {
    render(
      <MantineProvider>
        <div data-testid="description">
          <Description text={text} onSeek={onSeek} />
        </div>
      </MantineProvider>,
    );
    return onSeek;
  };

  test('a timestamp is a button that seeks to its second; a link opens in a new tab', async () => {
    const onSeek = show('Chapters: 0:30 the mill, 2:15 the store. Slides: https://example.com/slides');

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Go to 2:15' }));

    expect(onSeek).toHaveBeenCalledWith(135);
    expect(screen.getByRole('button', { name: 'Go to 0:30' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'https://example.com/slides' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  });

  test('an empty or blank description shows nothing', () => {
    show('   ');
    expect(screen.getByTestId('description')).toBeEmptyDOMElement();
  });
});
