import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { placeOrderRequestSchema } from "./contracts/orders.ts";
import {
  type CustomerDetails,
  customerDetailsProblem,
  customerDetailsProblems,
  isValidEmail,
  isValidPhone,
} from "./customer-details.ts";

const valid: CustomerDetails = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  confirmEmail: "ADA@example.com",
  phone: "+44 1903 123456",
  acceptedTerms: true,
};

/** What the server's order contract says about these details (null: accepted). */
function contractProblem(customer: CustomerDetails): string | null {
  const result = placeOrderRequestSchema.safeParse({
    idempotencyKey: "0123456789abcdef",
    way: "Order",
    branch: "worthing",
    lines: [{ quoteId: "00000000-0000-4000-8000-000000000000", rate: "1.1232", gbpMinor: 100, foreignMinor: 112 }],
    customer,
  });
  return result.success ? null : (result.error.issues[0]?.message ?? "invalid");
}

describe("customer details rules", () => {
  it("accept good details, as the order contract does", () => {
    expect(customerDetailsProblem(valid)).toBeNull();
    expect(contractProblem(valid)).toBeNull();
  });

  it.each([
    [{ firstName: " " }, "firstName", "First name is required"],
    [{ email: "ada@example" }, "email", "Enter a valid email"],
    [{ email: "ada example.com", confirmEmail: "ada example.com" }, "email", "Enter a valid email"],
    [{ confirmEmail: "bob@example.com" }, "confirmEmail", "Emails doesnt match"],
    [{ phone: "12345" }, "phone", "Enter a valid phone number"],
    [{ phone: "call me maybe" }, "phone", "Enter a valid phone number"],
    [{ acceptedTerms: false }, "acceptedTerms", "Please select the rules"],
  ] as const)("refuse %o with the contract's message", (change, field, message) => {
    const details = { ...valid, ...change };
    expect(customerDetailsProblem(details)).toEqual({ field, message });
    expect(contractProblem(details)).toBe(message);
  });

  it("agree with the order contract on any e-mail and phone", () => {
    const emailLike = fc.oneof(fc.emailAddress(), fc.string({ maxLength: 40 }));
    const phoneLike = fc.oneof(fc.stringMatching(/^\+?[0-9 ()-]{0,40}$/), fc.string({ maxLength: 40 }));
    fc.assert(
      fc.property(emailLike, phoneLike, (email, phone) => {
        const details = { ...valid, email, confirmEmail: email, phone };
        expect(customerDetailsProblem(details) === null).toBe(contractProblem(details) === null);
        expect(isValidEmail(email) && isValidPhone(phone) && email.trim() !== "" && phone.trim() !== "").toBe(
          customerDetailsProblem(details) === null,
        );
      }),
    );
  });
});

describe("every problem at once", () => {
  it("an empty form has one problem per field, in the form's order", () => {
    const empty = { firstName: "", lastName: "", email: "", confirmEmail: "", phone: "", acceptedTerms: false };
    expect(customerDetailsProblems(empty)).toEqual([
      { field: "firstName", message: "First name is required" },
      { field: "lastName", message: "Last name is required" },
      { field: "email", message: "Email is required" },
      { field: "confirmEmail", message: "Confirm email is required" },
      { field: "phone", message: "Phone is required" },
      { field: "acceptedTerms", message: customerDetailsProblem({ ...valid, acceptedTerms: false })!.message },
    ]);
  });

  it("names each field at most once, the first of them is the toast's, and none means the contract accepts", () => {
    const text = fc.oneof(fc.constant(""), fc.constant("x".repeat(200)), fc.string({ maxLength: 30 }));
    fc.assert(
      fc.property(
        fc.record({
          firstName: text,
          lastName: text,
          email: fc.oneof(text, fc.constant("ada@example.com")),
          confirmEmail: fc.oneof(text, fc.constant("ada@example.com")),
          phone: fc.oneof(text, fc.constant("+44 1903 123456")),
          acceptedTerms: fc.boolean(),
        }),
        (details) => {
          const problems = customerDetailsProblems(details);
          expect(new Set(problems.map((problem) => problem.field)).size).toBe(problems.length);
          expect(problems[0] ?? null).toEqual(customerDetailsProblem(details));
          expect(problems.length === 0).toBe(contractProblem(details) === null);
        },
      ),
    );
  });
});
