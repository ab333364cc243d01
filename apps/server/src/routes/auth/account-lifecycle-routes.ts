import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noStore } from "../../lib/no-store.ts";
import type { AccountLinks } from "../../modules/users/index.ts";
import { queueAccountClosureEmail } from "../../modules/users/index.ts";
import { closeAccount } from "../../modules/users/index.ts";
import { confirmEmailAddress } from "../../modules/users/index.ts";
import { deleteUnclaimedAccount } from "../../modules/users/index.ts";
import { sessionCookieName } from "../../plugins/auth.ts";
import { forgetLoadedSession, requireUser, signedInSession } from "../../plugins/session.ts";
import { accountMailLimits, attemptLimiter } from "./attempt-limits.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/**
 * What the account e-mails' links do (decision 030). Opening a link only shows its page; the page posts
 * the token here. Confirming an address and closing an account need the account itself signed in, so
 * neither a mail scanner's visit nor a click by someone else ever changes an account.
 */
export async function accountLifecycleRoutes(scope: FastifyInstance, options: { links: AccountLinks }) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { links } = options;

  app.route({
    ...routeOf(endpoints.account.confirmEmail),
    schema: {
      ...endpoints.account.confirmEmail.schema,
      tags: ["account"],
      summary: "Confirms the signed-in account's e-mail address with the token of its verification link",
      description:
        "The token must name the signed-in account and its address. Every other session of the account ends. " +
        "403 for another account's link, 410 for an expired or altered one.",
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      noStore(reply);
      const { sessionId, user } = signedInSession(request);
      const confirmed = await confirmEmailAddress({
        db: scope.db,
        links,
        token: request.body.token,
        signedIn: { sessionId, userId: user.id, email: user.email },
      });
      forgetLoadedSession(request);
      return confirmed;
    },
  });

  app.route({
    ...routeOf(endpoints.account.deleteUnclaimed),
    schema: {
      ...endpoints.account.deleteUnclaimed.schema,
      tags: ["account"],
      summary: '"This wasn\'t me": deletes an account created with the address whose owner did not confirm it',
      description:
        "No session needed: the verification e-mail's token proves the mailbox. Only an unconfirmed customer " +
        "account goes (with its sessions); 409 when its owner confirmed the address, 410 for an expired or altered link.",
    },
    handler: async (request, reply) => {
      noStore(reply);
      await deleteUnclaimedAccount({ db: scope.db, links, token: request.body.token });
      return { deleted: true as const };
    },
  });

  const closureMailAttempts = attemptLimiter(
    scope,
    "account closure e-mail",
    accountMailLimits("closure-mail"),
    "every-attempt",
  );
  app.route({
    ...routeOf(endpoints.account.requestClosure),
    schema: {
      ...endpoints.account.requestClosure.schema,
      tags: ["account"],
      summary: "Sends the signed-in customer the e-mail whose link closes the account",
    },
    preHandler: [requireUser, closureMailAttempts.enforce],
    handler: async (request, reply) => {
      noStore(reply);
      const { user } = signedInSession(request);
      await queueAccountClosureEmail({ db: scope.db, links, user });
      return reply.status(202).send({ sent: true as const });
    },
  });

  app.route({
    ...routeOf(endpoints.account.close),
    schema: {
      ...endpoints.account.close.schema,
      tags: ["account"],
      summary: "Closes the signed-in customer's account with the token of the closure e-mail's link",
      description:
        "Deletes the account, its sessions and its rate alerts; its orders are kept, unlinked, until retention " +
        "anonymises them. 403 for another account's link or a staff account, 410 for an expired or altered link.",
    },
    preHandler: requireUser,
    handler: async (request, reply) => {
      noStore(reply);
      const { user } = signedInSession(request);
      await closeAccount({
        db: scope.db,
        links,
        token: request.body.token,
        signedIn: { userId: user.id, email: user.email, role: user.role },
        requestId: request.id,
      });
      forgetLoadedSession(request);
      clearSessionCookie(scope, reply as unknown as FastifyReply);
      return { closed: true as const };
    },
  });
}

/** The session is gone with the account: the browser forgets its cookie too. */
function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.header(
    "set-cookie",
    `${sessionCookieName(app.config)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${app.config.secureCookies ? "; Secure" : ""}`,
  );
}
