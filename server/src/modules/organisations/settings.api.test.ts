import type { InjectOptions } from "fastify";
import jpeg from "jpeg-js";
import { PNG as PNGImage } from "pngjs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  addMember,
  createOrganisation,
  type Person,
  requestAs,
  signUpPerson,
} from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

let context: TestContext;
let owner: Person;
let organisationId: string;
beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId } = await createOrganisation(context, owner.cookies, {
    name: "Logo Works",
    gstRegistered: true,
    gstin: "29AAGCB7383J1Z4",
    gstRegType: "regular",
  }));
});
afterAll(() => context.close());

const call = (person: Person, options: InjectOptions) => requestAs(context, person, options);

// A real 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
// A real 8×8 grey JPEG, made here; bytes that only start like a JPEG are refused.
const JPEG = Buffer.from(
  jpeg.encode({ data: Buffer.alloc(8 * 8 * 4, 128), width: 8, height: 8 }, 90).data,
);
const FAKE_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

type Part =
  | { name: string; value: string }
  | { name: string; file: Buffer; filename: string; type: string };

function multipart(parts: Part[]) {
  const boundary = "----bahi-test-boundary";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      "file" in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(
      Buffer.from(head),
      "file" in part ? part.file : Buffer.from(part.value),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const postSettings = (person: Person, parts: Part[]) =>
  call(person, { method: "POST", url: "/api/settings/organisation", ...multipart(parts) });

const readSettings = async (person: Person = owner) =>
  (
    await call(person, {
      method: "GET",
      url: `/api/settings/getorganisationsettings?organisationId=${organisationId}`,
    })
  ).json().settings;

/** The organisation's stored files (the database's file store, decision 230). */
const storedFiles = async () =>
  (
    await context.testDatabase.database.db
      .selectFrom("stored_files")
      .select("key")
      .where("organisation_id", "=", organisationId)
      .orderBy("key")
      .execute()
  ).map((row) => row.key);

const fetchFile = (person: Person, url: string) => call(person, { method: "GET", url });

describe("organisation settings", () => {
  test("start from defaults with the organisation's name and GSTIN", async () => {
    expect(await readSettings()).toEqual({
      organisationId,
      name: "Logo Works",
      gstin: "29AAGCB7383J1Z4",
      billWiseEntry: false,
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
      logoUrl: null,
      signatureUrl: null,
      gstFilingFrequency: "monthly",
      previousYearTurnover: 0,
      eInvoiceFrom: "",
      // None set: Karnataka's own limit, Rule 138's ₹50,000, holds (decision 097).
      eWayBillIntraStateThreshold: null,
      eWayBillStateThreshold: 50_000,
      // Issue 39: no TAN yet, and s.194Q binds in no year until the organisation says so.
      tan: "",
      tds194QYears: [],
      billingAddress: "",
      billingCity: "",
      billingPincode: "",
    });
  });

  test("structured address and e-invoicing date (issue 24): saved, bad pincode refused", async () => {
    const save = (payload: Record<string, unknown>) =>
      requestAs(context, owner, {
        method: "POST",
        url: "/api/settings/organisation",
        payload: { organisationId, ...payload },
      });
    const saved = await save({
      billingAddress: "12, MG Road",
      billingCity: "Bengaluru",
      billingPincode: "560001",
      eInvoiceFrom: "2025-04-01",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await readSettings()).toMatchObject({
      billingAddress: "12, MG Road",
      billingCity: "Bengaluru",
      billingPincode: "560001",
      eInvoiceFrom: "2025-04-01",
    });
    for (const [payload, message] of [
      [{ billingPincode: "056001" }, "Pincode must be 6 digits and cannot start with 0."],
      [{ billingPincode: "56001" }, "Pincode must be 6 digits and cannot start with 0."],
      [{ eInvoiceFrom: "2025-02-30" }, "E-invoicing from must be a date like 2025-04-01."],
    ] as const) {
      const refused = await save(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect(await readSettings()).toMatchObject({ billingPincode: "560001" });
    const cleared = await save({
      billingAddress: "",
      billingCity: "",
      billingPincode: "",
      eInvoiceFrom: "",
    });
    expect(cleared.statusCode).toBe(200);
    expect(await readSettings()).toMatchObject({ billingPincode: "", eInvoiceFrom: "" });
  });

  test("bank details for printing: saved, IFSC upper-cased, a malformed IFSC refused", async () => {
    const saved = await requestAs(context, owner, {
      method: "POST",
      url: "/api/settings/organisation",
      payload: {
        organisationId,
        bankName: "State Bank of India",
        bankAccountNumber: "00000012345678901",
        bankIfsc: "sbin0001234",
        bankBranch: "Jayanagar",
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await readSettings()).toMatchObject({
      bankName: "State Bank of India",
      bankAccountNumber: "00000012345678901",
      bankIfsc: "SBIN0001234",
      bankBranch: "Jayanagar",
    });
    const refused = await requestAs(context, owner, {
      method: "POST",
      url: "/api/settings/organisation",
      payload: { organisationId, bankIfsc: "SBIN1234" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "IFSC must be 11 characters: 4 letters, a zero, then 6 letters or digits.",
    );
    await requestAs(context, owner, {
      method: "POST",
      url: "/api/settings/organisation",
      payload: {
        organisationId,
        bankName: "",
        bankAccountNumber: "",
        bankIfsc: "",
        bankBranch: "",
      },
    });
  });

  test("the multipart form saves fields and a PNG logo, served back to members", async () => {
    const response = await postSettings(owner, [
      { name: "organisationId", value: organisationId },
      { name: "billWiseEntry", value: "true" },
      { name: "useTemplates", value: "true" },
      { name: "mobile", value: "098765 43210" },
      { name: "email", value: "Accounts@LogoWorks.in" },
      { name: "signatoryName", value: "Meera Iyer" },
      { name: "lineAboveSignature", value: "For Logo Works" },
      { name: "showLogo", value: "true" },
      { name: "showSignature", value: "false" },
      { name: "qrText", value: "upi://pay?pa=logoworks@upi" },
      { name: "logo", file: PNG, filename: "logo.png", type: "image/png" },
      { name: "signature", file: Buffer.alloc(0), filename: "", type: "application/octet-stream" },
    ]);
    expect(response.statusCode).toBe(200);
    const { settings } = response.json();
    expect(settings).toMatchObject({
      billWiseEntry: true,
      useTemplates: true,
      mobile: "9876543210",
      email: "accounts@logoworks.in",
      signatoryName: "Meera Iyer",
      lineAboveSignature: "For Logo Works",
      showLogo: true,
      showSignature: false,
      qrText: "upi://pay?pa=logoworks@upi",
      signatureUrl: null,
    });
    expect(settings.logoUrl).toMatch(new RegExp(`^/api/files/${organisationId}/logo\\?v=`));
    expect(await readSettings()).toEqual(settings);
    expect(await storedFiles()).toEqual([expect.stringMatching(/^logo-.*\.png$/)]);

    const viewer = await signUpPerson(context);
    await addMember(context, owner, organisationId, viewer, "viewer");
    const file = await fetchFile(viewer, settings.logoUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    // Served as we re-encoded it: the same 1×1 pixels, not the uploaded bytes.
    const served = PNGImage.sync.read(file.rawPayload);
    const uploaded = PNGImage.sync.read(PNG);
    expect([served.width, served.height]).toEqual([uploaded.width, uploaded.height]);
    expect(Buffer.from(served.data).equals(Buffer.from(uploaded.data))).toBe(true);
    const cached = await call(viewer, {
      method: "GET",
      url: settings.logoUrl,
      headers: { "if-none-match": String(file.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);

    const organisations = (await call(owner, { method: "GET", url: "/api/organisations" })).json();
    expect(organisations.organisations[0].billWiseEntry).toBe(true);
  });

  test("a new logo replaces the old file; removefile deletes it", async () => {
    const first = await postSettings(owner, [
      { name: "organisationId", value: organisationId },
      { name: "logo", file: PNG, filename: "a.png", type: "image/png" },
      { name: "signature", file: JPEG, filename: "sign.jpg", type: "image/jpeg" },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json().settings.signatureUrl).not.toBeNull();
    const second = await postSettings(owner, [
      { name: "organisationId", value: organisationId },
      { name: "logo", file: PNG, filename: "b.png", type: "image/png" },
    ]);
    expect(second.json().settings.logoUrl).not.toBe(first.json().settings.logoUrl);
    expect(await storedFiles()).toHaveLength(2);
    // Fields left out keep their values.
    expect(second.json().settings.signatoryName).toBe("Meera Iyer");

    const removed = await call(owner, {
      method: "PATCH",
      url: `/api/settings/removefile?organisationId=${organisationId}&type=signature`,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ success: true, settings: { signatureUrl: null } });
    expect(await storedFiles()).toEqual([expect.stringMatching(/^logo-/)]);
    const gone = await fetchFile(owner, `/api/files/${organisationId}/signature`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("No signature has been uploaded.");
    const badType = await call(owner, {
      method: "PATCH",
      url: `/api/settings/removefile?organisationId=${organisationId}&type=stamp`,
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe("Type must be logo or signature.");
  });

  test("a text file renamed .png is refused by its bytes, and nothing changes", async () => {
    const before = await readSettings();
    const files = await storedFiles();
    const response = await postSettings(owner, [
      { name: "organisationId", value: organisationId },
      { name: "signatoryName", value: "Changed" },
      {
        name: "logo",
        file: Buffer.from("just some text"),
        filename: "logo.png",
        type: "image/png",
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("The logo must be a PNG or JPEG image.");
    expect(await readSettings()).toEqual(before);
    expect(await storedFiles()).toEqual(files);
  });

  test("WebP, a file that only starts like a JPEG, and a huge PNG are refused", async () => {
    const files = await storedFiles();
    const webp = Buffer.concat([
      Buffer.from("RIFF"),
      Buffer.alloc(4),
      Buffer.from("WEBPVP8 "),
      Buffer.alloc(32),
    ]);
    const huge = Buffer.from(PNG);
    huge.writeUInt32BE(5000, 16);
    const cases: [Buffer, string][] = [
      [webp, "The logo must be a PNG or JPEG image."],
      [FAKE_JPEG, "The logo could not be read as an image, or is larger than 2000 × 2000 pixels."],
      [huge, "The logo could not be read as an image, or is larger than 2000 × 2000 pixels."],
    ];
    for (const [file, message] of cases) {
      const response = await postSettings(owner, [
        { name: "organisationId", value: organisationId },
        { name: "logo", file, filename: "logo.png", type: "image/png" },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await storedFiles()).toEqual(files);
  });

  test("a file over 1 MB is refused, and nothing changes", async () => {
    const before = await readSettings();
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const response = await postSettings(owner, [
      { name: "organisationId", value: organisationId },
      { name: "signatoryName", value: "Changed" },
      { name: "logo", file: big, filename: "big.png", type: "image/png" },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("File is too large (maximum 1 MB).");
    expect(await readSettings()).toEqual(before);
  });

  test.each([
    ["mobile", "12345", "Mobile number must be exactly 10 digits."],
    ["email", "not-an-email", "Please enter a valid email address"],
    ["showLogo", "yes", "Show logo must be true or false."],
    ["signatoryName", "x".repeat(101), "Signatory name cannot be more than 100 characters."],
    [
      "lineAboveSignature",
      "x".repeat(201),
      "Line above signature cannot be more than 200 characters.",
    ],
    ["qrText", "x".repeat(501), "QR text cannot be more than 500 characters."],
  ])("refuses %s=%s with a clear message", async (name, value, message) => {
    const response = await postSettings(owner, [
      { name: "organisationId", value: organisationId },
      { name, value },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path: name, message });
  });

  test("refuses a form without organisationId and an unexpected file field", async () => {
    const missing = await postSettings(owner, [{ name: "mobile", value: "9876543210" }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Organisation id is required.");
    const stamp = await postSettings(owner, [
      { name: "organisationId", value: organisationId },
      { name: "stamp", file: PNG, filename: "stamp.png", type: "image/png" },
    ]);
    expect(stamp.statusCode).toBe(400);
    expect(stamp.json().message).toBe('Unexpected file "stamp": send a logo or a signature.');
  });

  test("JSON without files works too, and an empty field clears a value", async () => {
    const response = await call(owner, {
      method: "POST",
      url: "/api/settings/organisation",
      payload: { organisationId, mobile: "", useTemplates: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings).toMatchObject({ mobile: "", useTemplates: false });
  });

  test("only owners and admins write settings; every write is logged", async () => {
    const accountant = await signUpPerson(context);
    await addMember(context, owner, organisationId, accountant, "accountant");
    expect((await readSettings(accountant)).organisationId).toBe(organisationId);
    const write = await postSettings(accountant, [
      { name: "organisationId", value: organisationId },
      { name: "qrText", value: "mine" },
    ]);
    expect(write.statusCode).toBe(403);
    const remove = await call(accountant, {
      method: "PATCH",
      url: `/api/settings/removefile?organisationId=${organisationId}&type=logo`,
    });
    expect(remove.statusCode).toBe(403);
    expect((await readSettings()).logoUrl).not.toBeNull();

    const logs = await context.testDatabase.database.db
      .selectFrom("audit_logs")
      .select(["action", "summary"])
      .where("organisation_id", "=", organisationId)
      .where("entity_type", "=", "organisationSettings")
      .execute();
    expect(logs.length).toBeGreaterThanOrEqual(4);
    expect(logs).toContainEqual({ action: "delete", summary: "Removed the signature." });
  });
});
