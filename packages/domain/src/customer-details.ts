/**
 * The rules for a customer's details, shared by the order contract (contracts/orders.ts, with zod on
 * the server) and the details form in the browser, without any validation library so that the
 * browser bundle can use them. The contact form's contract uses the same e-mail and phone patterns.
 */

export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 30;
export const NAME_MAX_LENGTH = 100;

/** A mailbox at a domain with a top-level part of 2+ letters; no spaces, no leading or double dots. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** Digits with the usual separators, an optional leading +, at least 7 characters. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{7,}$/;

export const customerDetailsMessages = {
  invalidEmail: "Enter a valid email",
  emailsDiffer: "Emails doesnt match",
  invalidPhone: "Enter a valid phone number",
  termsNotAccepted: "Please select the rules",
} as const;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

export function isValidPhone(value: string): boolean {
  const phone = value.trim();
  return phone.length <= PHONE_MAX_LENGTH && PHONE_PATTERN.test(phone);
}

export function emailsMatch(email: string, confirmEmail: string): boolean {
  return email.trim().toLowerCase() === confirmEmail.trim().toLowerCase();
}

export type CustomerDetails = {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  phone: string;
  acceptedTerms: boolean;
};

export type CustomerDetailsField = keyof CustomerDetails;

/** The text fields in the order the form shows them (spec §5), with the label their messages use. */
export const CUSTOMER_TEXT_FIELDS: readonly { name: Exclude<CustomerDetailsField, "acceptedTerms">; label: string }[] =
  [
    { name: "firstName", label: "First name" },
    { name: "lastName", label: "Last name" },
    { name: "email", label: "Email" },
    { name: "confirmEmail", label: "Confirm email" },
    { name: "phone", label: "Phone" },
  ];

/** One field's problem with the customer's details, and the words the form shows for it. */
export type CustomerDetailsProblem = { field: CustomerDetailsField; message: string };

/**
 * Every problem with the details, at most one per field, in the order they are checked: every field
 * filled in, names not too long, the e-mail and phone well formed, the e-mail confirmed, the terms
 * accepted. Empty when the details would pass the order contract's customer rules. The form shows them
 * all at once, each at its field; the toast says the first.
 */
export function customerDetailsProblems(details: CustomerDetails): CustomerDetailsProblem[] {
  const problems: CustomerDetailsProblem[] = [];
  const add = (field: CustomerDetailsField, message: string) => {
    if (!problems.some((problem) => problem.field === field)) problems.push({ field, message });
  };
  for (const { name, label } of CUSTOMER_TEXT_FIELDS) {
    if (details[name].trim() === "") add(name, `${label} is required`);
  }
  for (const name of ["firstName", "lastName"] as const) {
    if (details[name].trim().length > NAME_MAX_LENGTH) {
      add(name, `${name === "firstName" ? "First name" : "Last name"} is too long`);
    }
  }
  const email = details.email.trim() !== "";
  if (email && !isValidEmail(details.email)) add("email", customerDetailsMessages.invalidEmail);
  if (email && details.confirmEmail.trim() !== "" && !emailsMatch(details.email, details.confirmEmail)) {
    add("confirmEmail", customerDetailsMessages.emailsDiffer);
  }
  if (details.phone.trim() !== "" && !isValidPhone(details.phone)) add("phone", customerDetailsMessages.invalidPhone);
  if (!details.acceptedTerms) add("acceptedTerms", customerDetailsMessages.termsNotAccepted);
  return problems;
}

/** The first of the details' problems (the one the toast says), or null. */
export function customerDetailsProblem(details: CustomerDetails): CustomerDetailsProblem | null {
  return customerDetailsProblems(details)[0] ?? null;
}
