import { describe, expect, test } from '@jest/globals';
import { defaultPreviewRange, editedLength, fitTexts, moveHandle, newText, previewProblem, sourceToEdited, splitAt, splitProblem } from './timeline';

const edit = (clips: { start: number; end: number }[], transition: 'Fade' | null = null, speed = 1) => ({ clips, transition, speed });

describe('the edited timeline, as the server counts it', () => {
  test('length: the clips, less half a second per transition, divided by the speed', () => {
    expect(editedLength(edit([{ start: 0, end: 4 }, { start: 6, end: 10 }]))).toBe(8);
    expect(editedLength(edit([{ start: 0, end: 4 }, { start: 6, end: 10 }], 'Fade'))).toBe(7.5);
    expect(editedLength(edit([{ start: 0, end: 4 }], null, 2))).toBe(2);
  });

  test('a source moment maps onto the edited timeline; a cut-out one to where the next clip starts', () => {
    const cut = edit([{ start: 1, end: 3 }, { start: 5, end: 9 }], null, 2);
    expect(sourceToEdited(cut, 2)).toBe(0.5);
    expect(sourceToEdited(cut, 4)).toBe(1);
    expect(sourceToEdited(cut, 6)).toBe(1.5);
    expect(sourceToEdited(cut, 0)).toBe(0);
    expect(sourceToEdited(cut, 20)).toBe(3);
    expect(sourceToEdited(edit([{ start: 0, end: 4 }, { start: 4, end: 8 }], 'Fade'), 5)).toBe(4.5);
  });
});

describe('cuts', () => {
  test('split cuts the clip under the playhead, each part at least 0.5 s; not in a cut-out part', () => {
    const clips = [{ start: 0, end: 4 }];
    expect(splitAt(clips, 1.5)).toEqual([{ start: 0, end: 1.5 }, { start: 1.5, end: 4 }]);
    expect(splitProblem(clips, 0.3)).toMatch(/at least 0.5 seconds/);
    expect(splitAt(clips, 3.8)).toEqual(clips);
    expect(splitProblem([{ start: 0, end: 1 }, { start: 2, end: 4 }], 1.5)).toMatch(/cut out/);
  });

  test('a handle stays between its neighbours and keeps its clip at least 0.5 s long', () => {
    const clips = [{ start: 0, end: 1.5 }, { start: 1.5, end: 4 }];
    expect(moveHandle(clips, 1, 'start', 1, 4)).toEqual(clips);
    expect(moveHandle(clips, 1, 'start', 3.9, 4)[1]).toEqual({ start: 3.5, end: 4 });
    expect(moveHandle(clips, 0, 'end', 3, 4)[0]).toEqual({ start: 0, end: 1.5 });
    expect(moveHandle(clips, 1, 'end', 9, 4)[1]).toEqual({ start: 1.5, end: 4 });
    expect(moveHandle(clips, 0, 'end', 0.1, 4)[0]).toEqual({ start: 0, end: 0.5 });
  });
});

describe('texts and previews', () => {
  test('a new text lasts 3 s from the playhead, moved back to end with the video', () => {
    expect(newText('title', 1, 10)).toEqual({ kind: 'title', text: 'Title', start: 1, end: 4, position: 'center' });
    expect(newText('caption', 9, 10)).toMatchObject({ start: 7, end: 10, position: 'bottom' });
    expect(newText('title', 0, 2)).toMatchObject({ start: 0, end: 2 });
  });

  test('texts past a shortened video end with it', () => {
    const texts = [newText('title', 0, 10), newText('caption', 7, 10)];
    expect(fitTexts(texts, 5).map(({ start, end }) => [start, end])).toEqual([[0, 3], [2, 5]]);
  });

  test('the default preview is 10 s around the playhead, inside the video; ranges beyond 30 s are refused', () => {
    expect(defaultPreviewRange(20, 60)).toEqual({ from: 15, to: 25 });
    expect(defaultPreviewRange(1, 60)).toEqual({ from: 0, to: 10 });
    expect(defaultPreviewRange(59, 60)).toEqual({ from: 50, to: 60 });
    expect(defaultPreviewRange(2, 4)).toEqual({ from: 0, to: 4 });
    expect(previewProblem({ from: 0, to: 31 }, 60)).toMatch(/0.5 to 30 seconds/);
    expect(previewProblem({ from: 0, to: 10 }, 60)).toBeNull();
  });
});
