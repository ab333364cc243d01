import { safeRedirectTarget } from "@bureau/domain/account-rules";
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { Link, redirect, type ShouldRevalidateFunctionArgs, useLocation } from "react-router";
import { FormField } from "../../components/ui/form-field.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import {
  confirmAuthenticator,
  secondFactorStatus,
  startAuthenticatorEnrolment,
} from "../../features/account/account-api.ts";
import { returnTargetOf, withRedirect } from "../../features/account/redirect-target.ts";
import { StaffOnlyMessage } from "../../features/account/staff-only.tsx";
import { adminOfStaffStep } from "../../features/account/staff-step.ts";
import { StaffStepCard } from "../../features/account/staff-step-card.tsx";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/authenticator";

export const meta: Route.MetaFunction = () => [
  { title: "Set up your authenticator | Harbour FX" },
  { name: "robots", content: "noindex" },
];

/**
 * The staff authenticator walk-through (docs/decisions/011): an admin without an authenticator
 * cannot open the Secure Box (the server refuses), so the Secure Box and the dashboard send them
 * here first: scan the QR code, type the current code, store the recovery codes, then the Secure Box.
 * It needs the set-up link e-mailed to the person (decision 032): its token rides in `enrol`.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { admin, refusal } = await adminOfStaffStep(context, url);
  if (!admin) return refusal;
  const { enrolled } = await secondFactorStatus(serverApi(context));
  const target = safeRedirectTarget(url.searchParams.get("redirectTo"));
  if (enrolled) throw redirect(withRedirect("/box", target));
  return { staff: true as const, enrolmentToken: url.searchParams.get("enrol") ?? "" };
}

/** The walk-through's two changes: start an enrolment (a new secret), confirm it with a code. */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["start", "confirm"]);
  const enrolmentToken = posted.text("enrolmentToken");
  if (posted.intent === "start") return apiAction(context, (api) => startAuthenticatorEnrolment(api, enrolmentToken));
  return apiAction(context, (api) => confirmAuthenticator(api, posted.text("code"), enrolmentToken));
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Once confirmed, this page's loader sends the person on to the Secure Box: reloading it after the
  // page's own actions would do so before they have stored their recovery codes.
  return formMethod ? false : defaultShouldRevalidate;
}

type Enrolment = { secret: string; qrCodeSvg: string };
type Step = { name: "start" } | ({ name: "scan" } & Enrolment) | { name: "store"; recoveryCodes: string[] };

/** The secret in groups of four, as authenticator apps show and accept it when typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

export default function Authenticator({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  const location = useLocation();
  const [step, setStep] = useState<Step>({ name: "start" });
  const enrolment = useRouteAction<Enrolment>();
  const confirmation = useRouteAction<{ recoveryCodes: string[] }>();
  const pending = enrolment.busy || confirmation.busy;
  const [codeError, setCodeError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each step replaces the one before: focus moves to its heading so that a screen reader and the
  // keyboard carry on from there.
  useEffect(() => {
    if (step.name !== "start") heading.current?.focus();
  }, [step.name]);

  if (!loaderData.staff) {
    return (
      <main id="main">
        <StaffOnlyMessage />
      </main>
    );
  }
  const target = returnTargetOf(location);
  const { enrolmentToken } = loaderData;

  const start = async () => {
    const outcome = await enrolment.submit("start", { enrolmentToken });
    if (outcome.ok) setStep({ name: "scan", ...outcome.value });
    else toast.error(outcome.message);
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!/^\d{6}$/.test(code)) {
      setCodeError("Enter the 6 digits your app shows");
      return;
    }
    const outcome = await confirmation.submit("confirm", { code, enrolmentToken });
    if (!outcome.ok) {
      setCodeError(outcome.fields?.code ? outcome.message : null);
      toast.error(outcome.message);
      return;
    }
    setCodeError(null);
    setStep({ name: "store", recoveryCodes: outcome.value.recoveryCodes });
    toast.success("Your authenticator is set up");
  };

  return (
    <StaffStepCard labelledBy="authenticator-heading">
      {step.name === "start" ? <StartStep enrolmentToken={enrolmentToken} pending={pending} onStart={start} /> : null}
      {step.name === "scan" ? (
        <ScanStep enrolment={step} headingRef={heading} codeError={codeError} pending={pending} onConfirm={confirm} />
      ) : null}
      {step.name === "store" ? <RecoveryCodes codes={step.recoveryCodes} target={target} headingRef={heading} /> : null}
    </StaffStepCard>
  );
}

function StartStep({
  enrolmentToken,
  pending,
  onStart,
}: {
  enrolmentToken: string | null;
  pending: boolean;
  onStart: () => Promise<void>;
}) {
  return (
    <>
      <h1 id="authenticator-heading">Set up your authenticator</h1>
      <p className="auth-subtitle">
        Staff access needs a code from an authenticator app on your phone (for example Google Authenticator, Microsoft
        Authenticator or 1Password) as well as the Secure Box password. It takes a minute, once.
      </p>
      <ol className="authenticator-steps">
        <li>Scan a QR code with the app.</li>
        <li>Type the 6-digit code the app shows.</li>
        <li>Store your recovery codes somewhere safe.</li>
      </ol>
      {enrolmentToken ? (
        <button
          type="button"
          className="button button-primary auth-submit"
          onClick={() => void onStart()}
          disabled={pending}
          aria-busy={pending}
        >
          Show the QR code
        </button>
      ) : (
        <p className="form-error" role="status">
          Open the set-up link we e-mailed to you to set up your authenticator. If it has expired, ask another admin to
          send a new one from the Users page.
        </p>
      )}
    </>
  );
}

/** The QR code (and its key to type), and the form that confirms the app's first code. */
function ScanStep({
  enrolment,
  headingRef,
  codeError,
  pending,
  onConfirm,
}: {
  enrolment: Enrolment;
  headingRef: RefObject<HTMLHeadingElement | null>;
  codeError: string | null;
  pending: boolean;
  onConfirm: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}) {
  const codeId = useId();
  return (
    <>
      <h1 id="authenticator-heading" ref={headingRef} tabIndex={-1}>
        Scan the QR code
      </h1>
      <p className="auth-subtitle">
        In your authenticator app, add an account and scan this code. It adds “Harbour FX” with your e-mail address.
      </p>
      <img
        className="authenticator-qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrCodeSvg)}`}
        alt="QR code that adds your Harbour FX staff account to an authenticator app"
        width={200}
        height={200}
      />
      <p>Cannot scan it? Choose “enter a setup key” in the app and type this key (time-based):</p>
      <p className="authenticator-secret">
        <span className="visually-hidden">Setup key: </span>
        <code>{grouped(enrolment.secret)}</code>
      </p>
      <form className="auth-form" onSubmit={onConfirm} noValidate>
        <FormField
          id={codeId}
          look="auth"
          label="Authenticator code"
          error={codeError ?? undefined}
          input={(props) => (
            <input {...props} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
          )}
        />
        <button type="submit" className="button button-primary auth-submit" disabled={pending} aria-busy={pending}>
          Confirm code
        </button>
      </form>
    </>
  );
}

function RecoveryCodes(props: { codes: string[]; target: string; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const toast = useToast();
  const [downloadUrl, setDownloadUrl] = useState<string | null>(null);
  const text = `Harbour FX staff recovery codes\nEach code opens the Secure Box once instead of the authenticator's code.\n\n${props.codes.join("\n")}\n`;

  // The download is a file made in the browser: the codes never travel again.
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    setDownloadUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [text]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success("The recovery codes are copied");
    } catch {
      toast.error("Copying is not allowed here: download the codes or write them down.");
    }
  };

  return (
    <>
      <h1 id="authenticator-heading" ref={props.headingRef} tabIndex={-1}>
        Store these recovery codes now
      </h1>
      <p className="auth-subtitle">
        They are shown this once. If you lose your phone, each code opens the Secure Box once instead of the
        authenticator's code. Keep them somewhere safe, away from your phone.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="recovery-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy codes
        </button>
        {downloadUrl ? (
          <a className="button" href={downloadUrl} download="harbour-fx-recovery-codes.txt">
            Download codes
          </a>
        ) : null}
      </div>
      <Link className="button button-primary auth-submit" to={withRedirect("/box", props.target)}>
        I have stored them: continue to the Secure Box
      </Link>
    </>
  );
}
