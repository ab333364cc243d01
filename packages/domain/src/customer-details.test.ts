import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { placeOrderRequestSchema } from "./contracts/orders.ts";
import { type CustomerDetails, customerDetailsProblem, isValidEmail, isValidPhone } from "./customer-details.ts";

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
