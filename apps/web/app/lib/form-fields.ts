import { data } from "react-router";

/**
 * The text fields of a posted form, for a page action: a missing or non-text field reads as "".
 * A body that is not a form at all (broken or foreign) is refused plainly with 400.
 */
export async function readFormFields(request: Request): Promise<(name: string) => string> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data("The form could not be read.", { status: 400 });
  }
  return (name) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
}
