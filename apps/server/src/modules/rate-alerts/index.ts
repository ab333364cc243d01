export { type AlertLinks, createAlertLinks } from "./alert-links.ts";
export { confirmRateAlert, openRateAlertConfirmation } from "./confirm-rate-alert.ts";
export { createRateAlert } from "./create-rate-alert.ts";
export { fireRateAlerts } from "./fire-rate-alerts.ts";
export { loadRateAlertMail } from "./rate-alert-mail-content.ts";
export { confirmationLifetime } from "./rate-alert-state.ts";
export { openRateAlertUnsubscribe, unsubscribeRateAlerts } from "./unsubscribe-rate-alerts.ts";
export {
  type AlertOwner,
  deleteMyRateAlert,
  listMyRateAlerts,
  pauseMyRateAlert,
  resumeMyRateAlert,
} from "./my-rate-alerts.ts";
