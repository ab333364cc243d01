import { signInAsStaff, uniqueEmail } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { waitForMail } from "../support/mail.ts";
import { placeOrder } from "../support/orders.ts";

/**
 * Amend before acceptance (issue 34 item 8, docs/features/amend-order.md), on a phone: the customer changes
 * the amount and the branch on the order's page, sees the order now and amended side by side, confirms,
 * and staff see the amendment in the order's timeline.
 */
for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test("an amendment confirmed and seen by staff", async ({ page, browser }) => {
      const email = uniqueEmail(`amend-${width}`);
      const { orderNumber, accessToken } = await placeOrder(page, email);
      await page.goto(`/track/${accessToken}`);
      await waitForHydration(page);
      const order = page.getByRole("article", { name: `Order ${orderNumber}` });
      await expect(order).toContainText("£300.00");
      await expectNoSeriousAxeViolations(page);

      // Open "Amend order": the line's sterling and the branch, as they stand.
      await page.getByText("Amend order").click();
      const amount = page.getByLabel("EUR: sterling to pay (£)");
      await expect(amount).toHaveValue("300.00");
      await expect(page.getByLabel("Branch to visit")).toHaveValue("brighton");
      await expectNoSeriousAxeViolations(page);

      await amount.fill("400");
      await page.getByLabel("Branch to visit").selectOption("worthing");
      await page.getByRole("button", { name: "Check the new price" }).click();
      const compare = page.getByRole("region", { name: "Your order now and amended" });
      await expect(compare).toBeVisible();
      await expect(compare.getByRole("row", { name: /^Total/ })).toContainText("£300.00");
      await expect(compare.getByRole("row", { name: /^Total/ })).toContainText("£400.00");
      await expect(compare.getByRole("row", { name: /^Branch/ })).toContainText("Brighton");
      await expect(compare.getByRole("row", { name: /^Branch/ })).toContainText("Worthing");
      await expect(compare.getByRole("row", { name: "EUR rate" })).toContainText(/\d+\.\d{4}/);
      await expect(compare.getByRole("row", { name: "EUR you get" })).toContainText("€");
      // Nothing clipped on the phone: the comparison fits the screen.
      const box = await compare.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      await expectNoSeriousAxeViolations(page);

      await compare.getByRole("button", { name: "Confirm amendment" }).click();
      await expect(page.getByRole("status")).toContainText("Your order has been amended");
      await expect(order).toContainText("£400.00");
      await expect(order.getByRole("region", { name: "Branch" })).toContainText("Worthing");
      await expect(order.getByRole("region", { name: "Timeline" })).toContainText("Amended by you");
      await expectNoSeriousAxeViolations(page);
      const mail = await waitForMail(email, new RegExp(`order ${orderNumber} has been amended`));
      expect(mail.text).toContain("£400.00");

      // Staff see it in the order's timeline, with what changed.
      const staffContext = await browser.newContext({ viewport: { width, height: 844 } });
      const staff = await staffContext.newPage();
      await signInAsStaff(staff);
      const found = await staff.request.get(`/api/admin/orders?status=pending&q=${orderNumber}`);
      const orderId: string = (await found.json()).orders[0].id;
      await staff.goto(`/dashboard/orderDetails/${orderId}`);
      await waitForHydration(staff);
      const timeline = staff.getByRole("region", { name: "Timeline" });
      await expect(timeline).toContainText("amended");
      await expect(timeline).toContainText("by Customer");
      await expect(timeline).toContainText("Total: £300.00 → £400.00");
      await expect(timeline).toContainText("Branch: brighton → worthing");
      await expectNoSeriousAxeViolations(staff);
      await staffContext.close();
    });
  });
}
