import { z } from "zod";
import { EMAIL_MAX_LENGTH, isValidEmail, isValidPhone, PHONE_MAX_LENGTH } from "../customer-details.ts";

/** Longest message we accept: enough for a detailed enquiry, small enough to e-mail and store safely. */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Please enter your ${label}` })
    .trim()
    .min(1, `Please enter your ${label}`)
    .max(max, `Your ${label} is too long (at most ${max} characters)`);

/**
 * The contact form, as the browser sends it and the server validates it. Every field is a string so
 * that an empty form field arrives as "" and gets a field-level message rather than a type error.
 */
export const contactRequestSchema = z
  .object({
    name: requiredText("name", 100),
    email: z
      .string({ error: "Please enter your email" })
      .trim()
      .min(1, "Please enter your email")
      .max(EMAIL_MAX_LENGTH, "Your email is too long")
      .refine(isValidEmail, "Please enter a valid email address, like name@example.com"),
    /** Optional: a phone number lets the branch call back, but the form works without one. */
    phone: z
      .string()
      .trim()
      .max(PHONE_MAX_LENGTH, "Your phone number is too long")
      .refine((value) => value === "" || isValidPhone(value), "Please enter a valid phone number")
      .optional()
      .transform((value) => (value ? value : null)),
    message: requiredText("message", CONTACT_MESSAGE_MAX_LENGTH),
    /**
     * Spam trap: hidden from people, filled in by form-filling robots. A filled value is answered
     * like a success so the robot learns nothing, and nothing is stored or sent.
     */
    website: z.string().max(500).optional(),
  })
  .strict();
export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactFields = "name" | "email" | "phone" | "message";

export const contactResponseSchema = z.object({
  received: z.literal(true),
  message: z.string(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** The confirmation the visitor sees (and a robot caught by the spam trap sees too). */
export const CONTACT_RECEIVED_MESSAGE =
  "Thank you for your message. Our support team will reply by e-mail within one working day.";

export const CONTACT_RATE_LIMITED_MESSAGE =
  "You have sent several messages in a short time. Please wait a few minutes before trying again, or call us on 01903 200 440.";
