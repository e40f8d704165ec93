import { z } from "zod";
import { EntityId } from "../schemas/text-fields.ts";

/**
 * The printed page: A4, A5, or a thermal roll for counter sales: 80 mm (72 mm printable) or, issue
 * 40, 58 mm (48 mm printable).
 */
export const PAGE_FORMATS = ["A4", "A5", "thermal80", "thermal58"] as const;
export type PageFormat = (typeof PAGE_FORMATS)[number];

export const PAGE_FORMAT_LABELS: Readonly<Record<PageFormat, string>> = {
  A4: "A4",
  A5: "A5",
  thermal80: "80 mm thermal roll",
  thermal58: "58 mm thermal roll",
};

/** The A4/A5 designs: a classic bordered GST invoice and a modern open one. */
export const DOCUMENT_TEMPLATES = ["classic", "modern"] as const;
export type DocumentTemplate = (typeof DOCUMENT_TEMPLATES)[number];

export const DOCUMENT_TEMPLATE_LABELS: Readonly<Record<DocumentTemplate, string>> = {
  classic: "Classic (bordered)",
  modern: "Modern",
};

export const DOCUMENT_HEADING_MAX = 60;
export const DOCUMENT_NOTES_MAX = 2000;
export const LINE_IN_BOTTOM_MAX = 200;

const FlagValue = (label: string) =>
  z.union([z.boolean(), z.enum(["true", "false"]).transform((text) => text === "true")], {
    error: `${label} must be true or false.`,
  });

/**
 * Per-document print settings (spec 3 "Document settings", api.md 7 Settings). Every field is
 * optional on save: a field left out keeps its value.
 */
export const DocumentSettingsFields = z.object({
  showRCM: FlagValue("Show RCM"),
  showDiscountColumn: FlagValue("Show discount column"),
  showShippingAddress: FlagValue("Show shipping address"),
  printHSNorSAC: FlagValue("Print HSN or SAC"),
  printUnitOfMeasurement: FlagValue("Print unit of measurement"),
  heading: z
    .string({ error: "Heading must be text." })
    .trim()
    .max(DOCUMENT_HEADING_MAX, `Heading cannot be more than ${DOCUMENT_HEADING_MAX} characters.`),
  printing: z.enum(PAGE_FORMATS, { error: "Printing must be A4, A5, thermal80 or thermal58." }),
  placeForSignature: FlagValue("Place for signature"),
  showTransportDetails: FlagValue("Show transport details"),
  showDueDate: FlagValue("Show due date"),
  printDueDate: FlagValue("Print due date"),
  notes: z
    .string({ error: "Notes must be text." })
    .max(DOCUMENT_NOTES_MAX, `Notes cannot be more than ${DOCUMENT_NOTES_MAX} characters.`),
  lineInBottom: z
    .string({ error: "Line in bottom must be text." })
    .trim()
    .max(
      LINE_IN_BOTTOM_MAX,
      `Line in bottom cannot be more than ${LINE_IN_BOTTOM_MAX} characters.`,
    ),
  selectedTemplate: z.enum(DOCUMENT_TEMPLATES, {
    error: "Selected template must be classic or modern.",
  }),
});

export type DocumentSettings = z.infer<typeof DocumentSettingsFields>;

export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = {
  showRCM: true,
  showDiscountColumn: true,
  showShippingAddress: true,
  printHSNorSAC: true,
  printUnitOfMeasurement: true,
  heading: "",
  printing: "A4",
  placeForSignature: true,
  showTransportDetails: false,
  showDueDate: true,
  printDueDate: true,
  notes: "",
  lineInBottom: "",
  selectedTemplate: "classic",
};

export const DocumentSettingsInput = DocumentSettingsFields.partial().extend({
  organisationId: EntityId,
});
export type DocumentSettingsInput = z.infer<typeof DocumentSettingsInput>;

/** Reads stored settings over the defaults, ignoring anything stored that no longer parses. */
export function readDocumentSettings(stored: unknown): DocumentSettings {
  const parsed = DocumentSettingsFields.partial().safeParse(stored ?? {});
  return { ...DEFAULT_DOCUMENT_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export const PDF_COPY_LIMIT = 3;

/**
 * GET /getpdf/transactionpdf (api.md 7) downloads; email and whatsapp are the same call's POST
 * (issue 37: no GET sends anything, so no page on another site can make a browser send).
 */
export const PDF_FORMATS = ["download", "email", "whatsapp"] as const;
export type PdfFormat = (typeof PDF_FORMATS)[number];
export const SEND_FORMATS = ["email", "whatsapp"] as const;

/**
 * One send dialog's request (issue 22): the same id sent twice (a double click, a retry after a
 * dropped answer) queues the message once.
 */
export const SendRequestId = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, "The request id must be 8 to 64 letters, digits or hyphens.")
  .optional();

export const TransactionPdfQuery = z.object({
  organisationId: EntityId,
  entryId: EntityId,
  transactionType: z.string({ error: "Transaction type is required." }),
  format: z
    .enum(PDF_FORMATS, { error: "Format must be download, email or whatsapp." })
    .default("download"),
  noOfCopies: z.coerce
    .number({ error: "Number of copies must be 1, 2 or 3." })
    .int("Number of copies must be 1, 2 or 3.")
    .min(1, "Number of copies must be 1, 2 or 3.")
    .max(PDF_COPY_LIMIT, "Number of copies must be 1, 2 or 3.")
    .default(1),
  /** Print with these settings instead of the saved ones: the settings screens' live preview. */
  preview: z.string().max(10_000, "Preview settings are too long.").optional(),
  /** format=email: where, the subject and the body (issue 22); placeholders are filled on send. */
  address: z.string().max(320, "Email address is too long.").optional(),
  subject: z.string().max(500, "Subject is too long.").optional(),
  body: z.string().max(10_000, "Message is too long.").optional(),
  /** format=whatsapp: the number. */
  phone: z.string().max(30, "Phone number is too long.").optional(),
  requestId: SendRequestId,
});
export type TransactionPdfQuery = z.infer<typeof TransactionPdfQuery>;

/**
 * GET /getpdf/transactionpdf: the download. No recipient or message (issue 37); format email or
 * whatsapp is answered 405, naming the POST.
 */
export const PdfDownloadQuery = TransactionPdfQuery.omit({
  address: true,
  subject: true,
  body: true,
  phone: true,
  requestId: true,
});
export type PdfDownloadQuery = z.infer<typeof PdfDownloadQuery>;

/** POST /getpdf/transactionpdf: one document sent by email or WhatsApp (its JSON body). */
export const SendDocumentInput = TransactionPdfQuery.omit({ preview: true }).extend({
  format: z.enum(SEND_FORMATS, { error: "Format must be email or whatsapp." }),
});
export type SendDocumentInput = z.infer<typeof SendDocumentInput>;

/**
 * Rule 48 copy captions: goods in triplicate (recipient, transporter, supplier), services in
 * duplicate (recipient, supplier); a third copy of services is the supplier's too.
 */
export function describeCopyCaptions(copies: number, supply: "goods" | "services"): string[] {
  const captions =
    supply === "goods"
      ? ["ORIGINAL FOR RECIPIENT", "DUPLICATE FOR TRANSPORTER", "TRIPLICATE FOR SUPPLIER"]
      : ["ORIGINAL FOR RECIPIENT", "DUPLICATE FOR SUPPLIER", "TRIPLICATE FOR SUPPLIER"];
  return captions.slice(0, Math.max(1, Math.min(copies, PDF_COPY_LIMIT)));
}
