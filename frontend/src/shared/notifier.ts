import { notifications } from '@mantine/notifications';

/** What a toast is about. */
export interface ToastOptions {
  /**
   * The action it reports (for example `accounts.save`, or `social.follow:{userId}` for one person): a later toast
   * about the same action replaces it, so a success never stands beside the earlier error about the same thing.
   */
  action?: string;
}

/**
 * Toasts, behind one small interface so stores do not depend on the UI library directly. One toast per outcome:
 * an error the form shows inline is not toasted too, and a toast about an action carries the action.
 */
export interface Notifier {
  success(message: string, options?: ToastOptions): void;
  error(message: string, options?: ToastOptions): void;
  info(message: string, options?: ToastOptions): void;
  /** Hides the toast about `action`, if one shows: for an action that went well without a word (a sign-in, a retry). */
  clear(action: string): void;
}

/** The calls of Mantine's notifications that a notifier makes. */
type ToastHost = Pick<typeof notifications, 'show' | 'hide'>;

/** The toast's close button has no text: this is its accessible name. */
const CLOSE_BUTTON = { 'aria-label': 'Close notification' };

/**
 * A notifier over Mantine's notifications. Each toast gets an id of its own (so a replacement starts its own
 * auto-close time); the one showing for each action is remembered, and hidden when the next one about it comes.
 */
export function createNotifier(host: ToastHost = notifications): Notifier {
  const shown = new Map<string, string>();
  let sequence = 0;

  const clear = (action: string) => {
    const id = shown.get(action);
    if (id === undefined) return;
    shown.delete(action);
    host.hide(id);
  };

  const show = (message: string, color: string, options?: ToastOptions) => {
    const action = options?.action;
    if (action === undefined) {
      host.show({ message, color, closeButtonProps: CLOSE_BUTTON });
      return;
    }
    clear(action);
    sequence += 1;
    const id = `toast-${action}-${sequence}`;
    shown.set(action, id);
    host.show({
      id,
      message,
      color,
      closeButtonProps: CLOSE_BUTTON,
      onClose: () => {
        if (shown.get(action) === id) shown.delete(action);
      },
    });
  };

  return {
    success: (message, options) => show(message, 'teal', options),
    error: (message, options) => show(message, 'red', options),
    info: (message, options) => show(message, 'blue', options),
    clear,
  };
}

export const mantineNotifier: Notifier = createNotifier();
