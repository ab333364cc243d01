import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CONTACT_RATE_LIMITED_MESSAGE, CONTACT_RECEIVED_MESSAGE } from "@bureau/domain/contracts/contact";
import { AppError } from "../../lib/app-error.ts";
import { submitContactMessage } from "../../modules/contact/index.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/** Messages one address may send per window: room for a few corrections, not for a flood. */
export const CONTACT_RATE_LIMIT = { max: 6, timeWindow: "10 minutes" } as const;

/** The contact form: validated, stored, e-mailed to support through the outbox, rate-limited. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.contact.send),
    config: {
      rateLimit: {
        ...CONTACT_RATE_LIMIT,
        errorResponseBuilder: () => new AppError("rate_limited", CONTACT_RATE_LIMITED_MESSAGE),
      },
    },
    schema: { ...endpoints.contact.send.schema, tags: ["public"], summary: "Send a message to the support team" },
    handler: async (request) => {
      const { website, ...message } = request.body;
      if (website && website.trim() !== "") {
        // Only robots fill the hidden field: answer as usual so they learn nothing, keep nothing.
        request.log.info("contact form spam trap filled; message dropped");
        return { received: true as const, message: CONTACT_RECEIVED_MESSAGE };
      }
      const { id } = await submitContactMessage({
        db: app.db,
        supportEmail: app.config.mail.supportEmail,
        message: { name: message.name, email: message.email, phone: message.phone ?? null, message: message.message },
      });
      request.log.info({ contactMessageId: id }, "contact message stored and queued for support");
      return { received: true as const, message: CONTACT_RECEIVED_MESSAGE };
    },
  });
};
