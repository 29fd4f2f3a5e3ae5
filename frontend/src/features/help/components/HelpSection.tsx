import { HelpContent } from './HelpContent';

/** The Help section of the signed-in shell ("Help & feedback" in the settings menu). */
export function HelpSection() {
  return <HelpContent />;
}
