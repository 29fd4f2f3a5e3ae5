import { registerDecorator, type ValidationArguments } from 'class-validator';
import { castProblem } from '../domain/media-rules.js';

/**
 * A movie's cast as the upload form sends it (a JSON list of names, as `genre`): refused with what is wrong (not a
 * list of names, too many, a name too long, control characters such as NUL), by the domain's own rule.
 */
export function CastList(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'castList',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || castProblem(value) === null,
        defaultMessage: (args?: ValidationArguments) => castProblem(args?.value) ?? '',
      },
    });
  };
}
