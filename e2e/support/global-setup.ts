import { forgetSpentAuthenticatorSteps } from "./accounts.ts";

/** Before a run: nothing carried over from an earlier run's server. */
export default function globalSetup() {
  forgetSpentAuthenticatorSteps();
}
