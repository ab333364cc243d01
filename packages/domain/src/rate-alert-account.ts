/**
 * The words of the signed-in customer's own alerts (the rate alert form signed in, and My rate alerts),
 * apart from rate-alerts.ts's: only the server says them (the pages show its answers), so the public pages'
 * shared browser code does not carry them.
 */
export const myRateAlertMessages = {
  /** Signed in with the same, verified address: no second opt-in, the alert is on at once. */
  createdActive: "Your rate alert is on. We will e-mail you once when our rate reaches your target.",
  /** The target our rate already meets: an alert for it would fire at once, so it is refused with the rate. */
  alreadyMet: (collectRate: string, code: string) =>
    `Our rate already meets that target: 1 GBP buys ${collectRate} ${code} now. Please enter an amount above ${collectRate}.`,
  notYours: "We could not find this alert among yours.",
  onlyActivePaused: "Only an alert that is on can be paused.",
  onlyPausedResumed: "Only a paused alert can be switched back on.",
  pausedDone: "Your alert is paused: we will not e-mail you about it until you switch it back on.",
  resumedDone: "Your alert is on again. We will e-mail you once when our rate reaches your target.",
  deletedDone: "Your alert is deleted.",
  unverified:
    "Please verify your e-mail address to see your rate alerts: follow the link we sent you, or ask for a new one on your profile page.",
} as const;
