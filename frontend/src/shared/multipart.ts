/** A field of a multipart body: text, or a file with the name it is sent under. */
export type MultipartValue = string | { blob: Blob; filename: string };

/** A FormData of `fields`, in their order; undefined fields are left out. */
export function toFormData(fields: Record<string, MultipartValue | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value.blob, value.filename);
  }
  return form;
}

/**
 * The body options of an openapi-fetch call that sends `fields` as multipart/form-data. The schema types a file
 * as a string (`format: binary`), which a Blob is not, so the FormData is built here and the typed body is only
 * a placeholder.
 */
export function multipart(fields: Record<string, MultipartValue | undefined>) {
  const form = toFormData(fields);
  return { body: {} as never, bodySerializer: () => form };
}
