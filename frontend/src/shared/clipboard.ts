/** Copies `text` to the clipboard; false when the browser refuses (no permission, insecure page). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (globalThis.navigator?.clipboard?.writeText) {
      await globalThis.navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the older way.
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = typeof document.execCommand === 'function' && document.execCommand('copy');
    area.remove();
    return copied;
  } catch {
    return false;
  }
}

/** The app's own address, for links that are shared (reels, movies). */
export function appOrigin(): string {
  return globalThis.location?.origin ?? '';
}
