import { Transform } from 'class-transformer';
import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';

/**
 * Shared reading rules of request DTOs. Form fields (urlencoded, multipart) and query parameters are text, JSON bodies
 * have types: these transforms read the one canonical text of a value and leave everything else as it came, so that the
 * DTO's validators refuse it. They run in the global ValidationPipe (transform: true) and in validateDto alike.
 */

/** Canonical decimal text of a whole number: digits only (no sign, exponent, spaces, hex or fraction). */
export const WHOLE_NUMBER_TEXT = /^\d+$/;

/** Canonical decimal text of an amount of money: digits, then at most two decimals ("5", "49.99"). */
export const MONEY_TEXT = /^\d+(\.\d{1,2})?$/;

/**
 * "42" becomes 42; a JSON number stays as it is; anything else ("1e3", " 50", "0x10", "", [1000], a number too large
 * to be exact) stays as it came, for @IsInt/@Min/@Max to refuse.
 */
export function WholeNumberText(): PropertyDecorator {
  return Transform(({ value }) => {
    if (typeof value !== 'string' || !WHOLE_NUMBER_TEXT.test(value)) return value;
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value;
  });
}

/**
 * "49.99" becomes 49.99; a JSON number stays as it is; anything else (" 50.00", "5.001", "1e3", "", [5]) stays as it
 * came. Pair it with @IsNumber({ maxDecimalPlaces: 2 }) and the range of the amount.
 */
export function MoneyText(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' && MONEY_TEXT.test(value) ? Number(value) : value));
}

/** A form's yes/no: "true", "1", "on" are true, "false", "0", "off" false, "" absent; a JSON boolean stays as it is. */
export function BooleanText(): PropertyDecorator {
  return Transform(({ value }) => {
    if (value === 'true' || value === '1' || value === 'on') return true;
    if (value === 'false' || value === '0' || value === 'off') return false;
    return value === '' ? undefined : value;
  });
}

/** Text is read without the spaces around it (what the domain stores), so length limits count what is kept. */
export function Trimmed(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
}

/** An empty value of an optional choice (`?sort_by=`) is the same as no value: the default applies. */
export function EmptyAsAbsent(): PropertyDecorator {
  return Transform(({ value }) => (value === '' ? undefined : value));
}

/**
 * A message for a length rule that tells "missing" from "too long": `required` when the value is not text or is empty
 * (after Trimmed), `tooLong` otherwise.
 */
export function lengthMessage(required: string, tooLong: string): (args: ValidationArguments) => string {
  return ({ value }) => (typeof value === 'string' && value.length > 0 ? tooLong : required);
}

/**
 * A whole-number year from 1900 (@Min) to the current year + `yearsAhead`: the upper bound moves every year, so it is
 * checked here rather than written into the contract as a fixed maximum.
 */
export function NotAfterYearsAhead(yearsAhead: number, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'notAfterYearsAhead',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [yearsAhead],
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'number' && value <= new Date().getUTCFullYear() + yearsAhead,
      },
    });
  };
}
