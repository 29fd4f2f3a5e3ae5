import type { Request } from 'express';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validate, type ValidationError as ClassValidatorError } from 'class-validator';
import { ValidationError, type FieldProblem } from '../errors/domain-error.js';
import { formFields } from './form-fields.js';

/**
 * class-validator's errors as the error body's `errors`: one { field, message } per problem, nested fields named by
 * their path (`privacy_settings.profile_visibility`), in the DTO's order. A message repeated for the same field (a
 * value of the wrong type fails every rule of its field, and the rules share their message) is listed once.
 */
export function validationProblems(errors: ClassValidatorError[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  const walk = (list: ClassValidatorError[], parent: string) => {
    for (const e of list) {
      const field = parent ? `${parent}.${e.property}` : e.property;
      for (const message of Object.values(e.constraints ?? {})) {
        const key = `${field}\u0000${message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        problems.push({ field, message });
      }
      walk(e.children ?? [], field);
    }
  };
  walk(errors, '');
  return problems;
}

/** Keys that would reach an object's prototype if copied by assignment. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Validates fields read by a route itself (a multipart form, a form read with formFields) against a request DTO, as
 * the global ValidationPipe does a body: the DTO's transforms, then its rules, unknown fields dropped (whitelist).
 * Refuses with the same error as the pipe (400 VALIDATION_FAILED, the first problem as `detail`, every problem in
 * `errors`); returns the DTO instance, holding only the fields the DTO declares.
 */
export async function validateDto<T extends object>(dto: ClassConstructor<T>, fields: unknown): Promise<T> {
  const plain: Record<string, unknown> = {};
  if (fields && typeof fields === 'object' && !Array.isArray(fields)) {
    for (const [key, value] of Object.entries(fields)) if (!UNSAFE_KEYS.has(key)) plain[key] = value;
  }
  const instance = plainToInstance(dto, plain);
  const errors = await validate(instance, { whitelist: true, forbidUnknownValues: true, validationError: { target: false, value: false } });
  if (errors.length) throw new ValidationError(validationProblems(errors));
  return instance;
}

/**
 * The fields of a body sent as JSON, urlencoded or multipart (formFields: no files), validated against a DTO. For
 * routes that take a form in every encoding: the global pipe never sees a multipart body, so such a route declares its
 * body with @ApiBody({ type: Dto }) and reads it here, one validation for every encoding.
 */
export async function formDto<T extends object>(req: Request, dto: ClassConstructor<T>): Promise<T> {
  return validateDto(dto, await formFields(req, req.body));
}
