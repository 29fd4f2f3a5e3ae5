import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * The region of a number written without a country code (no leading `+`, `00` or `011`): `202-555-0123` is read
 * as +1 202 555 0123. Registration has always accepted numbers without a country code (seed 002: "an optional
 * plus followed by at least 10 digits"), and the platform's other defaults (currency USD) are American.
 */
export const DEFAULT_PHONE_REGION: CountryCode = 'US';

/** Only digits, spaces, dashes, brackets and one leading plus: what the seed allows, and no extension (`x 45`). */
const PHONE_CHARS = /^\+?[\d\s\-()]+$/;

/**
 * The E.164 form (`+442079460958`) of a phone number as a person may type it: `+44 20 7946 0958`,
 * `0044 20 7946 0958`, `+44 (0)20 7946 0958`, `011 44 20 7946 0958` and `+442079460958` are one number. Without a
 * country code the number is read in DEFAULT_PHONE_REGION. `valid` asks for a number that exists in its country's
 * numbering plan (libphonenumber's full metadata), as registration does; `possible` only for a plausible length,
 * enough to look a number up (a number stored when the plan allowed it still signs in after the plan changes).
 * Null when the text is not such a number.
 */
export function toE164(input: string, strictness: 'valid' | 'possible'): string | null {
  let text = input.trim();
  if (!PHONE_CHARS.test(text) || text.length > 40) return null;
  // "00" is the international prefix of most of the world; libphonenumber only knows the default region's (011).
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: DEFAULT_PHONE_REGION });
  if (!parsed || parsed.ext) return null;
  if (strictness === 'valid' ? !parsed.isValid() : !parsed.isPossible()) return null;
  return parsed.number;
}

/**
 * The uniqueness key of rows written before numbers were normalised (digits, with the leading + kept), for the rare
 * stored number the normalising migration had to leave as it was (see docs/api.md).
 */
export function legacyPhoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return phone.trim().startsWith('+') ? `+${digits}` : digits;
}
