export { submitContactMessage } from "./submit-contact-message.ts";
