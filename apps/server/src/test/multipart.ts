/** A file field of a multipart form, as a browser sends the file picked in a file input. */
export type FormFile = { filename: string; type: string; bytes: Uint8Array };

/**
 * A form encoded as a browser posts a form with a file (multipart/form-data), by the platform's own
 * encoder: the body and the Content-Type that names its boundary.
 */
export async function multipartForm(
  fields: Record<string, string | FormFile>,
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new File([Buffer.from(value.bytes)], value.filename, { type: value.type }));
  }
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const contentType = encoded.headers.get("content-type");
  if (!contentType) throw new Error("The form was encoded without a content type");
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType };
}
