import {
  type GstFilingFrequency,
  intraStateEWayBillThresholdPaise,
  paiseToRupees,
  rupeesToPaise,
  stateEWayBillThresholdPaise,
  todayCivil,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import { appFileStore, type FileStore } from "../../db/file-store.ts";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { type AccessNeed, requireOrganisationAccess } from "../access/organisation-access.ts";
import { writeAuditLog } from "../audit/audit.ts";
import { writeOrganisationTrail } from "../audit/trail.ts";
import type { Caller } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { reencodeImageOnPool } from "./image-reencode.ts";
import {
  deleteImage,
  detectImageType,
  MAX_IMAGE_PIXELS_SIDE,
  readImage,
  type StoredImage,
  UnreadableImageError,
  writeImage,
} from "./organisation-files.ts";
import {
  findLiveOrganisation,
  lockLiveOrganisation,
  updateOrganisation,
} from "./organisations.repository.ts";
import type { ImageKind, OrganisationSettingsInput } from "./settings.schemas.ts";

const MANAGE_SETTINGS: AccessNeed = { kind: "manage", what: "settings" };

export const SETTINGS_MESSAGES = {
  notAnImage: (kind: ImageKind) => `The ${kind} must be a PNG or JPEG image.`,
  unreadable: (kind: ImageKind) =>
    `The ${kind} could not be read as an image, or is larger than ${MAX_IMAGE_PIXELS_SIDE} × ${MAX_IMAGE_PIXELS_SIDE} pixels.`,
  noFile: (kind: ImageKind) => `No ${kind} has been uploaded.`,
} as const;

/** The organisation part of organisations.settings; other modules keep their own keys beside it. */
interface OrganisationSettingsDocument {
  useTemplates: boolean;
  mobile: string;
  email: string;
  signatoryName: string;
  lineAboveSignature: string;
  showLogo: boolean;
  showSignature: boolean;
  qrText: string;
  bankName: string;
  bankAccountNumber: string;
  bankIfsc: string;
  bankBranch: string;
  logo: StoredImage | null;
  signature: StoredImage | null;
  gstFilingFrequency: GstFilingFrequency;
  previousYearTurnoverPaise: number;
  /** Issue 24: the date e-invoicing applies from, '' when it does not. */
  eInvoiceFrom: string;
  /**
   * Issue 24: the e-way bill threshold of movements within the state that the organisation set;
   * null (the default) takes its state's own limit (decision 097).
   */
  eWayBillIntraStateThresholdPaise: number | null;
  /** Issue 39: the years in which s.194Q binds the organisation (turnover of the year before over ₹10 crore). */
  tds194QYears: string[];
}

const DEFAULTS: OrganisationSettingsDocument = {
  useTemplates: false,
  mobile: "",
  email: "",
  signatoryName: "",
  lineAboveSignature: "",
  showLogo: true,
  showSignature: true,
  qrText: "",
  bankName: "",
  bankAccountNumber: "",
  bankIfsc: "",
  bankBranch: "",
  logo: null,
  signature: null,
  gstFilingFrequency: "monthly",
  previousYearTurnoverPaise: 0,
  eInvoiceFrom: "",
  eWayBillIntraStateThresholdPaise: null,
  tds194QYears: [],
};

const SETTINGS_KEY = "organisation";

function readDocument(organisation: OrganisationsTable) {
  const all = JSON.parse(organisation.settings) as Record<string, unknown>;
  const own = (all[SETTINGS_KEY] ?? {}) as Partial<OrganisationSettingsDocument>;
  return { all, own: { ...DEFAULTS, ...own } };
}

function fileUrl(organisationId: string, kind: ImageKind, image: StoredImage | null) {
  // The file name changes with every upload, so the URL does too and caches never show an old one.
  return image ? `/api/files/${organisationId}/${kind}?v=${image.fileName.split(".")[0]}` : null;
}

function presentSettings(organisation: OrganisationsTable) {
  const { own } = readDocument(organisation);
  return {
    organisationId: organisation.id,
    name: organisation.name,
    gstin: organisation.gstin,
    billWiseEntry: organisation.bill_wise_entry === 1,
    useTemplates: own.useTemplates,
    mobile: own.mobile,
    email: own.email,
    signatoryName: own.signatoryName,
    lineAboveSignature: own.lineAboveSignature,
    showLogo: own.showLogo,
    showSignature: own.showSignature,
    qrText: own.qrText,
    bankName: own.bankName,
    bankAccountNumber: own.bankAccountNumber,
    bankIfsc: own.bankIfsc,
    bankBranch: own.bankBranch,
    logoUrl: fileUrl(organisation.id, "logo", own.logo),
    signatureUrl: fileUrl(organisation.id, "signature", own.signature),
    gstFilingFrequency: own.gstFilingFrequency,
    previousYearTurnover: paiseToRupees(own.previousYearTurnoverPaise),
    eWayBillIntraStateThreshold:
      own.eWayBillIntraStateThresholdPaise === null
        ? null
        : paiseToRupees(own.eWayBillIntraStateThresholdPaise),
    /** The organisation's state's own intra-state limit today, taken when the setting is empty. */
    eWayBillStateThreshold: paiseToRupees(
      stateEWayBillThresholdPaise(organisation.state_code, todayCivil()),
    ),
    eInvoiceFrom: own.eInvoiceFrom,
    tan: organisation.tan ?? "",
    tds194QYears: own.tds194QYears,
    billingAddress: organisation.billing_address ?? "",
    billingCity: organisation.billing_city ?? "",
    billingPincode: organisation.billing_pincode ?? "",
  };
}

/**
 * What the e-way bill reads (issue 24): the intra-state threshold in paise for a document's date,
 * the organisation's setting or else its state's limit on that date (decision 097).
 */
export function readEWayBillSettings(organisation: OrganisationsTable): {
  intraStateThresholdOn: (date: string) => number;
} {
  const { own } = readDocument(organisation);
  return {
    intraStateThresholdOn: (date) =>
      intraStateEWayBillThresholdPaise({
        stateCode: organisation.state_code,
        date,
        settingPaise: own.eWayBillIntraStateThresholdPaise,
      }),
  };
}

/** What e-invoicing reads (issue 24): when it applies from and last year's turnover. */
export function readEInvoiceSettings(organisation: OrganisationsTable): {
  eInvoiceFrom: string;
  previousYearTurnoverPaise: number;
  /** The bank account printed on documents: the payee's account of PayDtls. */
  bankAccountNumber: string;
  bankIfsc: string;
} {
  const { own } = readDocument(organisation);
  return {
    eInvoiceFrom: own.eInvoiceFrom,
    previousYearTurnoverPaise: own.previousYearTurnoverPaise,
    bankAccountNumber: own.bankAccountNumber,
    bankIfsc: own.bankIfsc,
  };
}

/**
 * Issue 40: who an organisation's mail is from: its name as the From display name, and its email
 * (Settings → Organisation) as Reply-To when it has one.
 */
export function readMailSender(organisation: OrganisationsTable): {
  fromName: string;
  replyTo?: string;
} {
  const email = readDocument(organisation).own.email.trim();
  return { fromName: organisation.name, ...(email ? { replyTo: email } : {}) };
}

/**
 * What TDS reads (issue 39): the TAN its statement, certificates and challans are made out
 * against, and the years in which s.194Q binds the organisation as a buyer.
 */
export function readTdsSettings(organisation: OrganisationsTable): {
  tan: string | null;
  tds194QYears: readonly string[];
} {
  const { own } = readDocument(organisation);
  return { tan: organisation.tan || null, tds194QYears: own.tds194QYears };
}

/** The settings a GST return reads (issue 19): filing frequency and last year's turnover. */
export function readGstReturnSettings(organisation: OrganisationsTable): {
  gstFilingFrequency: GstFilingFrequency;
  previousYearTurnoverPaise: number;
} {
  const { own } = readDocument(organisation);
  return {
    gstFilingFrequency: own.gstFilingFrequency,
    previousYearTurnoverPaise: own.previousYearTurnoverPaise,
  };
}

export async function readOrganisationSettings(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
) {
  const access = await requireOrganisationAccess(db, caller, organisationId);
  return presentSettings(access.organisation);
}

export type UploadedImages = Partial<Record<ImageKind, Buffer>>;

/** Checks every image first, writes the new files, then saves settings and log in one transaction. */
export async function saveOrganisationSettings(
  deps: ModuleDeps,
  caller: Caller,
  input: OrganisationSettingsInput,
  uploads: UploadedImages,
) {
  const { organisationId } = input;
  const access = await requireOrganisationAccess(deps.db, caller, organisationId, MANAGE_SETTINGS);
  const checked = [];
  for (const [kind, bytes] of Object.entries(uploads)) {
    const type = detectImageType(bytes);
    if (!type) throw badRequest(SETTINGS_MESSAGES.notAnImage(kind as ImageKind));
    try {
      const encoded = await reencodeImageOnPool(organisationId, bytes, type);
      checked.push({ kind: kind as ImageKind, bytes: encoded, type });
    } catch (error) {
      if (error instanceof UnreadableImageError) {
        throw badRequest(SETTINGS_MESSAGES.unreadable(kind as ImageKind));
      }
      throw error;
    }
  }

  const files = appFileStore(deps.db, deps.config.dataDir);
  const now = nowIso();
  const written: Partial<Record<ImageKind, StoredImage>> = {};
  const replaced: StoredImage[] = [];
  let organisation: OrganisationsTable | undefined;
  try {
    for (const { kind, bytes, type } of checked) {
      written[kind] = await writeImage(files, organisationId, kind, bytes, type, now);
    }
    organisation = await deps.db.transaction().execute(async (trx) => {
      const current = await lockLiveOrganisation(trx, organisationId, now);
      if (!current) throw notFound("Organisation not found.");
      const { all, own } = readDocument(current);
      const {
        organisationId: _,
        billWiseEntry,
        previousYearTurnover,
        eWayBillIntraStateThreshold,
        ...rest
      } = input;
      const { billingAddress, billingCity, billingPincode, tan, ...fields } = rest;
      const address = {
        ...(tan === undefined ? {} : { tan: tan || null }),
        ...(billingAddress === undefined ? {} : { billing_address: billingAddress || null }),
        ...(billingCity === undefined ? {} : { billing_city: billingCity || null }),
        ...(billingPincode === undefined ? {} : { billing_pincode: billingPincode || null }),
      };
      const next: OrganisationSettingsDocument = { ...own };
      const changed: string[] = billWiseEntry === undefined ? [] : ["billWiseEntry"];
      if (billingAddress !== undefined) changed.push("billingAddress");
      if (billingCity !== undefined) changed.push("billingCity");
      if (billingPincode !== undefined) changed.push("billingPincode");
      if (tan !== undefined) changed.push("tan");
      for (const [key, value] of Object.entries(fields)) {
        if (value === undefined) continue;
        Object.assign(next, { [key]: value });
        changed.push(key);
      }
      if (previousYearTurnover !== undefined) {
        next.previousYearTurnoverPaise = rupeesToPaise(previousYearTurnover);
        changed.push("previousYearTurnover");
      }
      if (eWayBillIntraStateThreshold !== undefined) {
        next.eWayBillIntraStateThresholdPaise =
          eWayBillIntraStateThreshold === null ? null : rupeesToPaise(eWayBillIntraStateThreshold);
        changed.push("eWayBillIntraStateThreshold");
      }
      for (const [kind, image] of Object.entries(written) as [ImageKind, StoredImage][]) {
        if (own[kind]) replaced.push(own[kind]);
        next[kind] = image;
        changed.push(kind);
      }
      await updateOrganisation(trx, organisationId, {
        settings: JSON.stringify({ ...all, [SETTINGS_KEY]: next }),
        ...(billWiseEntry === undefined ? {} : { bill_wise_entry: billWiseEntry ? 1 : 0 }),
        ...address,
        updated_at: now,
      });
      await writeAuditLog(trx, {
        organisationId,
        userId: access.userId,
        action: "edit",
        entityType: "organisationSettings",
        entityId: organisationId,
        summary: `Changed the organisation settings${changed.length ? `: ${changed.join(", ")}` : ""}.`,
      });
      const after = await findLiveOrganisation(trx, organisationId);
      if (after) {
        await writeOrganisationTrail(trx, {
          organisationId,
          userId: access.userId,
          entity: "settings",
          before: current,
          after,
        });
      }
      return after;
    });
  } catch (error) {
    const unused = Object.values(written);
    await Promise.all(unused.map((image) => deleteImage(files, organisationId, image)));
    throw error;
  }
  // Only after the commit: until then the old files are the ones in use.
  await Promise.all(replaced.map((image) => deleteImage(files, organisationId, image)));
  if (!organisation) throw notFound("Organisation not found.");
  return presentSettings(organisation);
}

export async function removeOrganisationFile(
  deps: ModuleDeps,
  caller: Caller,
  input: { organisationId: string; type: ImageKind },
) {
  const { organisationId, type: kind } = input;
  const access = await requireOrganisationAccess(deps.db, caller, organisationId, MANAGE_SETTINGS);
  let removed: StoredImage | null = null;
  const organisation = await deps.db.transaction().execute(async (trx) => {
    const current = await lockLiveOrganisation(trx, organisationId, nowIso());
    if (!current) throw notFound("Organisation not found.");
    const { all, own } = readDocument(current);
    removed = own[kind];
    if (removed) {
      await updateOrganisation(trx, organisationId, {
        settings: JSON.stringify({ ...all, [SETTINGS_KEY]: { ...own, [kind]: null } }),
        updated_at: nowIso(),
      });
      await writeAuditLog(trx, {
        organisationId,
        userId: access.userId,
        action: "delete",
        entityType: "organisationSettings",
        entityId: organisationId,
        summary: `Removed the ${kind}.`,
      });
      const after = await findLiveOrganisation(trx, organisationId);
      if (after) {
        await writeOrganisationTrail(trx, {
          organisationId,
          userId: access.userId,
          entity: "settings",
          before: current,
          after,
        });
      }
      return after;
    }
    return findLiveOrganisation(trx, organisationId);
  });
  if (removed)
    await deleteImage(appFileStore(deps.db, deps.config.dataDir), organisationId, removed);
  if (!organisation) throw notFound("Organisation not found.");
  return presentSettings(organisation);
}

export async function readOrganisationFile(
  deps: ModuleDeps,
  caller: Caller,
  input: { organisationId: string; kind: ImageKind },
) {
  const access = await requireOrganisationAccess(deps.db, caller, input.organisationId);
  const image = readDocument(access.organisation).own[input.kind];
  const files = appFileStore(deps.db, deps.config.dataDir);
  const bytes = image && (await readImage(files, input.organisationId, image));
  if (!image || !bytes) throw notFound(SETTINGS_MESSAGES.noFile(input.kind));
  return { bytes, mimeType: image.mimeType, etag: `"${image.fileName}"` };
}

/** pdfkit draws PNG and JPEG only; a WebP uploaded before that rule is left off the page. */
async function readPrintableImage(
  files: FileStore,
  organisationId: string,
  image: StoredImage | null,
) {
  if (!image || image.mimeType === "image/webp") return null;
  const bytes = await readImage(files, organisationId, image);
  return bytes ? { bytes: new Uint8Array(bytes), mimeType: image.mimeType } : null;
}

/** What a printed document shows of its organisation (issue 21); the caller checked access. */
export async function readPrintProfile(files: FileStore, organisation: OrganisationsTable) {
  const { own } = readDocument(organisation);
  const [logo, signature] = await Promise.all([
    own.showLogo ? readPrintableImage(files, organisation.id, own.logo) : null,
    own.showSignature ? readPrintableImage(files, organisation.id, own.signature) : null,
  ]);
  return {
    name: organisation.name,
    billingAddress: organisation.billing_address,
    billingCity: organisation.billing_city,
    billingPincode: organisation.billing_pincode,
    gstin: organisation.gstin,
    stateCode: organisation.state_code,
    gstRegType: organisation.gst_reg_type,
    mobile: own.mobile,
    email: own.email,
    signatoryName: own.signatoryName,
    lineAboveSignature: own.lineAboveSignature,
    showLogo: own.showLogo,
    showSignature: own.showSignature,
    qrText: own.qrText,
    bankName: own.bankName,
    bankAccountNumber: own.bankAccountNumber,
    bankIfsc: own.bankIfsc,
    bankBranch: own.bankBranch,
    logo,
    signature,
  };
}
