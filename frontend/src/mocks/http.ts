import { createOpenApiHttp } from 'openapi-msw';
import type { components, paths } from '../api/schema';

/** MSW's `http`, typed from the API schema: paths, params, bodies and responses must match it. */
export const http = createOpenApiHttp<paths>();

type ErrorResponseDto = components['schemas']['ErrorResponseDto'];

/** An error body as the server writes it. */
export function errorBody(
  statusCode: number,
  code: string,
  detail: string,
  errors?: ErrorResponseDto['errors'],
): ErrorResponseDto {
  return { statusCode, code, detail, message: detail, ...(errors ? { errors } : {}) };
}
