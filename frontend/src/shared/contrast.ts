/** WCAG AA's contrast for normal text. */
export const AA_CONTRAST = 4.5;

function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A CSS colour as #rrggbb: #rgb, #rrggbb(aa) and rgb()/rgba() (the alpha is ignored). */
export function toHex(colour: string): string {
  if (colour.startsWith('#')) return colour.length === 4 ? `#${[...colour.slice(1)].map((c) => c + c).join('')}` : colour.slice(0, 7);
  const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map((n) => Math.round(Number(n)));
  return `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}

/** The WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(toHex(a)), relativeLuminance(toHex(b))].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** White or black, whichever reads better on `background`. */
export function textOn(background: string): '#ffffff' | '#000000' {
  return contrastRatio('#ffffff', background) >= contrastRatio('#000000', background) ? '#ffffff' : '#000000';
}
