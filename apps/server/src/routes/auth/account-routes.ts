import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE_MESSAGE, PHOTO_WRONG_TYPE_MESSAGE } from "@bureau/domain/account-rules";
import { AppError } from "../../lib/app-error.ts";
import { noStore } from "../../lib/no-store.ts";
import { exportCustomerData } from "../../modules/data-rights/index.ts";
import { customerPrefill } from "../../modules/orders/index.ts";
import { listMyOrders } from "../../modules/orders/index.ts";
import { readProfilePhoto, saveProfilePhoto } from "../../modules/users/index.ts";
import { readAccountPhone, saveAccountPhone, updateDisplayName } from "../../modules/users/index.ts";
import { forgetLoadedSession, loadSession, requireUser, signedInSession } from "../../plugins/session.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf, type ZodApp } from "../../lib/endpoint-route.ts";
import { myRateAlertRoutes } from "./my-rate-alert-routes.ts";

export const MY_ORDERS_UNVERIFIED_MESSAGE =
  "Please verify your e-mail address to see your orders: follow the link we sent you, or ask for a new one on your profile page.";

/** Uploads are sent as the raw file; any of these declared types is accepted, the bytes decide. */
const uploadContentTypes = ["image/png", "image/jpeg", "image/webp", "application/octet-stream"];

/** A signed-in person's own profile: display name and photo (spec §3: "update display name and photo"). */
export async function accountRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  scope.addContentTypeParser(
    uploadContentTypes,
    // A little over the limit, so that a too-large photo gets our own clear message from the module.
    { parseAs: "buffer", bodyLimit: PHOTO_MAX_BYTES + 1 },
    (_request, body, done) => done(null, body),
  );

  profileRoutes(app);
  phoneRoutes(app);
  ownOrderDataRoutes(app);
  myRateAlertRoutes(app);
}

/** The profile's phone number: the order form's phone starts from it. */
function phoneRoutes(app: ZodApp) {
  app.route({
    ...routeOf(endpoints.account.phone),
    schema: { ...endpoints.account.phone.schema, tags: ["account"], summary: "The profile's phone number" },
    onRequest: requireUser,
    handler: async (request, reply) => {
      noStore(reply);
      return { phone: await readAccountPhone({ db: app.db, userId: signedInSession(request).user.id }) };
    },
  });

  app.route({
    ...routeOf(endpoints.account.setPhone),
    schema: {
      ...endpoints.account.setPhone.schema,
      tags: ["account"],
      summary: "Sets the profile's phone number (the order form's rule); an empty one clears it",
    },
    onRequest: requireUser,
    handler: async (request, reply) => {
      noStore(reply);
      const { user } = signedInSession(request);
      return { phone: await saveAccountPhone({ db: app.db, userId: user.id, phone: request.body.phone }) };
    },
  });
}

/** The display name and the photo: changed by their owner, the photo shown to anyone with its address. */
function profileRoutes(app: ZodApp) {
  app.route({
    ...routeOf(endpoints.account.updateProfile),
    schema: {
      ...endpoints.account.updateProfile.schema,
      tags: ["account"],
      summary: "Changes the display name (any other field in the body is ignored)",
    },
    onRequest: requireUser,
    handler: async (request, reply) => {
      const { user } = signedInSession(request);
      await updateDisplayName({ db: app.db, userId: user.id, name: request.body.name });
      return reloadedUser(request, reply as never);
    },
  });

  app.route({
    ...routeOf(endpoints.account.uploadPhoto),
    schema: {
      ...endpoints.account.uploadPhoto.schema,
      tags: ["account"],
      summary: "Uploads the profile photo: PNG, JPEG or WebP, at most 1 MB, sent as the raw file",
    },
    bodyLimit: PHOTO_MAX_BYTES + 1,
    onRequest: requireUser,
    errorHandler: (error) => {
      // Fastify's own 413 for a body over bodyLimit: say what the limit is.
      if ((error as { statusCode?: number }).statusCode === 413) {
        throw new AppError("payload_too_large", PHOTO_TOO_LARGE_MESSAGE);
      }
      if ((error as { code?: string }).code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
        throw new AppError("unsupported_media_type", PHOTO_WRONG_TYPE_MESSAGE);
      }
      throw error;
    },
    handler: async (request, reply) => {
      const { user } = signedInSession(request);
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError("unsupported_media_type", PHOTO_WRONG_TYPE_MESSAGE);
      }
      await saveProfilePhoto({ db: app.db, userId: user.id, bytes: request.body });
      return reloadedUser(request, reply as never);
    },
  });

  app.route({
    ...routeOf(endpoints.account.photo),
    schema: {
      ...endpoints.account.photo.schema,
      tags: ["account"],
      summary: "A profile photo, served from our own origin with its detected type",
    },
    handler: async (request, reply) => {
      const photo = await readProfilePhoto({ db: app.db, userId: request.params.userId });
      if (!photo) throw new AppError("not_found", "This user has no photo.");
      return (
        reply
          .type(photo.contentType)
          .header("x-content-type-options", "nosniff")
          .header("content-disposition", "inline")
          .header("content-security-policy", "default-src 'none'; sandbox")
          .header("cross-origin-resource-policy", "same-origin")
          // The URL carries a version (?v=...) that changes with every upload.
          .header("cache-control", "private, max-age=31536000, immutable")
          .send(photo.bytes)
      );
    },
  });
}

/** A customer's own orders, their data export, and the details order step 2 fills in. */
function ownOrderDataRoutes(app: ZodApp) {
  app.route({
    ...routeOf(endpoints.account.orders),
    schema: {
      ...endpoints.account.orders.schema,
      tags: ["account"],
      summary: "My orders: every order placed with the signed-in customer's verified e-mail, newest first",
    },
    onRequest: requireUser,
    handler: async (request, reply) => {
      noStore(reply);
      const { user } = signedInSession(request);
      // Orders are matched by e-mail, so the address must be proven to be this person's (decision 014).
      if (!user.emailVerified) throw new AppError("forbidden", MY_ORDERS_UNVERIFIED_MESSAGE);
      return listMyOrders({
        db: app.db,
        links: app.orderLinks,
        email: user.email,
        timeZone: app.config.displayTimeZone,
        ...request.query,
      });
    },
  });

  app.route({
    ...routeOf(endpoints.account.dataExport),
    schema: {
      ...endpoints.account.dataExport.schema,
      tags: ["account"],
      summary:
        "The signed-in customer's own data (account, orders placed signed in or with the verified e-mail, contact messages, rate alerts)",
    },
    onRequest: requireUser,
    handler: async (request, reply) => {
      noStore(reply);
      const { user } = signedInSession(request);
      return exportCustomerData({
        db: app.db,
        subject: { from: "account", userId: user.id, email: user.email, emailVerified: user.emailVerified },
      });
    },
  });

  app.route({
    ...routeOf(endpoints.account.orderDetails),
    schema: {
      ...endpoints.account.orderDetails.schema,
      tags: ["account"],
      summary:
        "The name, e-mail and phone order step 2 fills in for the signed-in customer (the profile's phone first)",
    },
    onRequest: requireUser,
    handler: async (request, reply) => {
      noStore(reply);
      const { user } = signedInSession(request);
      const profilePhone = await readAccountPhone({ db: app.db, userId: user.id });
      return customerPrefill({ db: app.db, user, profilePhone });
    },
  });
}

/** The signed-in user as the request just changed them: the session is read again, not from its cache. */
async function reloadedUser(request: FastifyRequest, reply: FastifyReply) {
  forgetLoadedSession(request);
  const current = await loadSession(request, reply);
  return current!.user;
}
