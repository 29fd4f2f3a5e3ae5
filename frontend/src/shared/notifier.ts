import { notifications } from '@mantine/notifications';

/** Toasts, behind one small interface so stores do not depend on the UI library directly. */
export interface Notifier {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

export const mantineNotifier: Notifier = {
  success: (message) => notifications.show({ message, color: 'teal' }),
  error: (message) => notifications.show({ message, color: 'red' }),
  info: (message) => notifications.show({ message, color: 'blue' }),
};
