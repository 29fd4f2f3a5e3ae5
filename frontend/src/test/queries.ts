import type { BoundFunctions, queries } from '@testing-library/react';

type Queries = BoundFunctions<typeof queries>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches a field's label exactly, with or without Mantine's required asterisk. */
export function labelled(label: string): RegExp {
  return new RegExp(`^${escape(label)}(\\s*\\*)?$`);
}

/** The input labelled `label` (a required field's label ends with " *"). */
export function field(scope: Queries, label: string): HTMLInputElement {
  return scope.getByLabelText(labelled(label), { selector: 'input:not([type=radio])' }) as HTMLInputElement;
}

export function queryField(scope: Queries, label: string): HTMLInputElement | null {
  return scope.queryByLabelText(labelled(label), { selector: 'input:not([type=radio])' }) as HTMLInputElement | null;
}
