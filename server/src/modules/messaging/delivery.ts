/** What a delivery left behind, for the email log. */
export interface DeliveryResult {
  /** smtp, file (the outbox folder), whatsapp-cloud, click-to-chat. */
  via: string;
  providerMessageId?: string | undefined;
  providerStatus?: string | undefined;
  /** Not delivered by the server: given to the user to send from their own WhatsApp. */
  handed?: boolean;
}

/**
 * A delivery that did not happen. Permanent ones (a 5xx SMTP reply, a number WhatsApp refuses) are
 * marked failed with the reason; temporary ones (4xx, no connection, a timeout) are tried again.
 */
export class DeliveryError extends Error {
  readonly permanent: boolean;
  /** The provider's own error code, when it gave one (WhatsApp's 131047…). */
  readonly code: number | undefined;
  constructor(message: string, permanent: boolean, code?: number) {
    super(message);
    this.name = "DeliveryError";
    this.permanent = permanent;
    this.code = code;
  }
}

/** An attachment as the outbox row keeps it (JSON). */
export interface StoredAttachment {
  fileName: string;
  contentType: string;
  base64: string;
}
