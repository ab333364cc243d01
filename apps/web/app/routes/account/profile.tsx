import {
  DISPLAY_NAME_MAX,
  PHOTO_CONTENT_TYPES,
  PHOTO_MAX_BYTES,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_WRONG_TYPE_MESSAGE,
} from "@bureau/domain/account-rules";
import type { SessionUser } from "@bureau/domain/contracts/accounts";
import { type FormEvent, useId, useRef, useState } from "react";
import { Form, Link, redirect, useNavigate } from "react-router";
import { useToast } from "../../components/ui/toast.tsx";
import {
  accountPhone,
  changePassword,
  requestAccountClosure,
  saveAccountPhone,
  sendVerificationEmail,
  signOutEverywhere,
  updateDisplayName,
  uploadProfilePhoto,
} from "../../features/account/account-api.ts";
import { Avatar } from "../../features/account/avatar.tsx";
import { ChangePasswordForm } from "../../features/account/change-password-form.tsx";
import { ProfilePhoneForm } from "../../features/account/profile-phone-form.tsx";
import { withRedirect } from "../../features/account/redirect-target.ts";
import { sessionOfRequest } from "../../features/account/session.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [
  { title: "Your profile | Harbour FX" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const { user } = await sessionOfRequest(context);
  if (!user) throw redirect(withRedirect("/signIn", url.pathname));
  const { phone } = await accountPhone(serverApi(context));
  return { user, phone };
}

/**
 * The profile's changes (decision 016). The photo comes as the photo form's multipart post, with or
 * without JavaScript, and goes on to the API as the file itself, which the API checks.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, [
    "send-verification",
    "end-sessions",
    "save-name",
    "upload-photo",
    "request-closure",
    "save-phone",
    "change-password",
  ]);
  switch (posted.intent) {
    case "send-verification":
      return apiAction(context, (api) => sendVerificationEmail(api, posted.text("email")));
    case "end-sessions":
      return apiAction(context, (api) => signOutEverywhere(api));
    case "request-closure":
      return apiAction(context, (api) => requestAccountClosure(api));
    case "save-phone":
      return apiAction(context, (api) => saveAccountPhone(api, posted.text("phone")));
    case "change-password": {
      const passwords = { currentPassword: posted.text("currentPassword"), newPassword: posted.text("newPassword") };
      return apiAction(context, (api) => changePassword(api, passwords));
    }
    case "save-name":
      return apiAction(context, (api) => updateDisplayName(api, posted.text("name")));
    case "upload-photo": {
      const photo = posted.file("photo");
      return apiAction(context, (api) => uploadProfilePhoto(api, photo));
    }
  }
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, phone } = loaderData;
  return (
    <div className="page narrow profile-page">
      <h1>Your profile</h1>
      <div className="profile-identity">
        <Avatar user={user} size="large" />
        <div>
          <p className="profile-name">{user.name || "No display name yet"}</p>
          <p className="profile-email">{user.email}</p>
        </div>
      </div>
      <EmailAddressSection user={user} />
      <DisplayNameForm user={user} />
      <ProfilePhoneForm phone={phone} />
      <PhotoForm actionData={actionData} />
      <ChangePasswordForm />
      <YourDataSection user={user} />
      <SessionsSection />
      {user.role === "user" ? <CloseAccountSection user={user} /> : null}
    </div>
  );
}

function EmailAddressSection({ user }: { user: SessionUser }) {
  const toast = useToast();
  const emailHeadingId = useId();
  const verificationLink = useRouteAction();
  const sendingLink = verificationLink.busy;

  const sendNewLink = async () => {
    const outcome = await verificationLink.submit("send-verification", { email: user.email });
    if (outcome.ok) toast.success(`We have sent a new verification link to ${user.email}`);
    else toast.error(outcome.message);
  };

  return (
    <section className="profile-form" aria-labelledby={emailHeadingId}>
      <h2 id={emailHeadingId}>E-mail address</h2>
      {user.emailVerified ? (
        <p>
          Your e-mail address {user.email} is verified. <Link to="/account/orders">My orders</Link> shows every order
          placed with it.
        </p>
      ) : (
        <>
          <p>
            Your e-mail address {user.email} is not verified yet: open the link in the e-mail we sent when you signed
            up, and confirm while signed in. The link works for 24 hours; an account not confirmed within 7 days is
            deleted.
          </p>
          <button
            type="button"
            className="button"
            onClick={() => void sendNewLink()}
            disabled={sendingLink}
            aria-busy={sendingLink}
          >
            Send a new verification link
          </button>
        </>
      )}
    </section>
  );
}

function DisplayNameForm({ user }: { user: SessionUser }) {
  const toast = useToast();
  const nameId = useId();
  const nameChange = useRouteAction();
  const savingName = nameChange.busy;

  const saveName = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    const outcome = await nameChange.submit("save-name", { name });
    if (outcome.ok) toast.success("Your display name is saved");
    else toast.error(outcome.message);
  };

  return (
    <form className="profile-form" onSubmit={saveName}>
      <h2>Display name</h2>
      <label htmlFor={nameId}>Display name</label>
      <input id={nameId} name="name" defaultValue={user.name} maxLength={DISPLAY_NAME_MAX} autoComplete="name" />
      <button type="submit" className="button button-primary" disabled={savingName} aria-busy={savingName}>
        Save name
      </button>
    </form>
  );
}

function PhotoForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const toast = useToast();
  const photoId = useId();
  const photoInput = useRef<HTMLInputElement>(null);
  const photoUpload = useRouteAction<SessionUser>();
  const uploading = photoUpload.busy;

  const savePhoto = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const file = photoInput.current?.files?.[0];
    if (!file) return toast.error("Choose a photo to upload");
    // Checked here to save a pointless upload; the server checks the file's real type and size again.
    if (file.size > PHOTO_MAX_BYTES) return toast.error(PHOTO_TOO_LARGE_MESSAGE);
    if (file.type && !(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      return toast.error(PHOTO_WRONG_TYPE_MESSAGE);
    }
    const outcome = await photoUpload.submitForm(form);
    if (!outcome.ok) return toast.error(outcome.message);
    if (photoInput.current) photoInput.current.value = "";
    toast.success("Your photo is saved");
  };

  return (
    // Posts as it is without JavaScript (the outcome then shows below the button); with it, through a fetcher and a toast.
    <Form method="post" encType="multipart/form-data" className="profile-form" onSubmit={savePhoto}>
      <h2>Photo</h2>
      <input type="hidden" name="intent" value="upload-photo" />
      <label htmlFor={photoId}>Photo (PNG, JPEG or WebP, up to 1 MB)</label>
      <input id={photoId} ref={photoInput} name="photo" type="file" accept={PHOTO_CONTENT_TYPES.join(",")} />
      <button type="submit" className="button button-primary" disabled={uploading} aria-busy={uploading}>
        Upload photo
      </button>
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? undefined : "field-error"}>
          {actionData.ok ? "Your photo is saved" : actionData.message}
        </p>
      ) : null}
    </Form>
  );
}

function YourDataSection({ user }: { user: SessionUser }) {
  const dataHeadingId = useId();
  return (
    <section className="profile-form" aria-labelledby={dataHeadingId}>
      <h2 id={dataHeadingId}>Your data</h2>
      <p>
        Download a copy of the personal data we hold about you as a JSON file: your account,{" "}
        {user.emailVerified
          ? "the orders placed while you were signed in or with your e-mail address, your messages to us and your rate alerts."
          : "and the orders placed while you were signed in. Once your e-mail address is verified it also holds the orders placed with it, your messages to us and your rate alerts."}{" "}
        Our privacy policy says <Link to="/privacyPolicy#retention">how long we keep your data</Link>.
      </p>
      {/* A file, not a page: a plain link the browser downloads (the route answers with an attachment). */}
      <a className="button" href="/account/data" download>
        Download my data
      </a>
    </section>
  );
}

function SessionsSection() {
  const toast = useToast();
  const navigate = useNavigate();
  const sessionsHeadingId = useId();
  const sessionsEnd = useRouteAction();
  const [endingSessions, setEndingSessions] = useState(false);

  const endEverySession = async () => {
    setEndingSessions(true);
    const outcome = await sessionsEnd.submit("end-sessions");
    if (!outcome.ok) {
      toast.error(outcome.message);
      setEndingSessions(false);
      return;
    }
    toast.success("You are signed out everywhere");
    await navigate("/signIn", { replace: true });
  };

  return (
    <section className="profile-form" aria-labelledby={sessionsHeadingId}>
      <h2 id={sessionsHeadingId}>Sessions</h2>
      <p>Signed in on a device you no longer use or have? End every session of this account, this one too.</p>
      <button
        type="button"
        className="button"
        onClick={() => void endEverySession()}
        disabled={endingSessions}
        aria-busy={endingSessions}
      >
        Sign out everywhere
      </button>
    </section>
  );
}

function CloseAccountSection({ user }: { user: SessionUser }) {
  const toast = useToast();
  const closeHeadingId = useId();
  const closure = useRouteAction();

  const askToClose = async () => {
    const outcome = await closure.submit("request-closure");
    if (outcome.ok) toast.success(`We have sent a link to ${user.email} to close your account. It works for 1 hour.`);
    else toast.error(outcome.message);
  };

  return (
    <section className="profile-form" aria-labelledby={closeHeadingId}>
      <h2 id={closeHeadingId}>Close your account</h2>
      <p>
        Closing deletes your account, its sign-ins and its rate alerts. Orders are kept for as long as the regulations
        require, then anonymised. We e-mail you a link to confirm.
      </p>
      <button
        type="button"
        className="button"
        onClick={() => void askToClose()}
        disabled={closure.busy}
        aria-busy={closure.busy}
      >
        Close my account
      </button>
    </section>
  );
}
