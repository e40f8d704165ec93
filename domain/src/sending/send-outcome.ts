// Issue 40: what a send says it did. Without the WhatsApp Business account the server sends
// nothing: the person's own WhatsApp opens with the message (click-to-chat, wa.me), and it goes
// only when they press Send there, so "Message sent successfully" (spec api.md §8, for a message
// the server did send) would not be true.

export const SEND_OUTCOME_MESSAGES = {
  emailSent: "Email sent successfully",
  messageSent: "Message sent successfully",
  whatsAppOpened: "WhatsApp opened with the message — press Send there",
  whatsAppToOpen: "Open WhatsApp to send the message — press Send there",
} as const;

/** The toast after a WhatsApp send: sent by the server, or handed to the person's WhatsApp. */
export function describeWhatsAppOutcome(handedToWhatsApp: boolean): string {
  return handedToWhatsApp
    ? SEND_OUTCOME_MESSAGES.whatsAppOpened
    : SEND_OUTCOME_MESSAGES.messageSent;
}
