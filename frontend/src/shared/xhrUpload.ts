import { toFormData, type MultipartValue } from './multipart';

export interface UploadProgressOptions {
  /** The bearer token, when the call needs one. */
  token: string | null;
  /** Called with 0..1 as the body is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Defaults to this page's origin: the API is served by the same host under /api. */
  baseUrl?: string;
}

/** The answer of an upload: the JSON body on success, the error body otherwise (as openapi-fetch gives them). */
export type UploadOutcome<T> = { data: T; error?: undefined; status: number } | { data?: undefined; error: unknown; status: number };

/**
 * POSTs a multipart body with XMLHttpRequest, which (unlike fetch) reports how much of the body has been sent.
 * Only stores call this, for the uploads whose forms show a progress bar. A network failure or an abort rejects.
 */
export function postMultipartWithProgress<T>(
  path: string,
  fields: Record<string, MultipartValue | undefined>,
  { token, onProgress, signal, baseUrl = globalThis.location?.origin ?? '' }: UploadProgressOptions,
): Promise<UploadOutcome<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${baseUrl}${path}`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body !== undefined) {
        onProgress?.(1);
        resolve({ data: body as T, status: xhr.status });
      } else resolve({ error: body, status: xhr.status });
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(toFormData(fields));
  });
}
