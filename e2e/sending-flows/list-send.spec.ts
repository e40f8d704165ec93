import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { type SmtpPeer, startSmtpPeer } from "../../server/test/smtp-peer.ts";
import { Books, currentFinancialYear, expect, test, todayInIndia } from "../entries/support.ts";
import { newPerson } from "../people/support.ts";

// Issue 40: Send Selected from the Sales list. Several invoices ticked → Send → each goes to its
// own party's email over SMTP, in the organisation's name with Reply-To its email; the party
// without an email is skipped and the summary says so. The shared e2e server writes mail to files,
// so this spec runs its own Bahi server (an ephemeral port) whose SMTP_URL is a local SMTP server
// started here (server/test/smtp-peer.ts, as the delivery tests do).

const here = path.dirname(fileURLToPath(import.meta.url));
let peer: SmtpPeer;
let server: ChildProcess;
let base: string;
let dataDir: string;

/** Starts the server on port 0 and reads the port it got from its "listening" log line. */
function startServer(smtpPort: number): Promise<{ child: ChildProcess; url: string }> {
  dataDir = mkdtempSync(path.join(tmpdir(), "bahi-e2e-smtp-"));
  const child = spawn(process.execPath, [path.join(here, "../../server/src/main.ts")], {
    cwd: path.join(here, ".."),
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      COOKIE_SECRET: "e2e-smtp-cookie-secret-not-for-production",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Bahi <no-reply@bahi.test>",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening at (http:\/\/127\.0\.0\.1:\d+)/i.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        child.stdout?.off("data", read);
        resolve({ child, url: found[1] });
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}:\n${output}`)));
  });
}

test.beforeAll(async () => {
  peer = await startSmtpPeer();
  const started = await startServer(peer.port);
  server = started.child;
  base = started.url;
});
test.afterAll(async () => {
  server?.kill("SIGTERM");
  await peer?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The mails the SMTP server received for an address, once at least `count` came. */
async function mailsTo(address: string, count: number) {
  await expect
    .poll(() => peer.received.filter((mail) => mail.envelopeTo.includes(address)).length, {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(count);
  return peer.received.filter((mail) => mail.envelopeTo.includes(address));
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  const body = await response.text();
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()}: ${body}`);
  return JSON.parse(body) as T;
}

/** A signed-up owner with GST books, on this spec's server; its session in `api`. */
async function setUpBooks(api: APIRequestContext): Promise<Books> {
  const person = newPerson("List Sender");
  const signUp = await ok<{ userId: string }>(
    await api.post("/api/auth/signup", {
      data: {
        name: person.name,
        email: person.email,
        password: person.password,
        mobileNumber: person.mobile,
      },
    }),
  );
  const [code] = await mailsTo(person.email, 1);
  const otp = /verification code is (\d{6})/.exec(code?.parsed.text ?? "")?.[1] ?? "";
  await ok(await api.post("/api/auth/verify/signup/otp", { data: { userId: signUp.userId, otp } }));
  const year = currentFinancialYear();
  const organisation = await ok<{ organisationId: string }>(
    await api.post("/api/organisation/add", {
      data: {
        name: "Sharma Rice Traders",
        gstRegistered: true,
        gstRegType: "regular",
        gstin: "27AAPFU0939F1ZV",
        startingYear: year,
        manageInventory: true,
        billWiseEntry: true,
      },
    }),
  );
  return new Books(api, organisation.organisationId, year);
}

function addInvoice(books: Books, customer: string, item: string) {
  return books.post<{ entryId: string; number: string }>("/salesinvoice/add", {
    year: books.year,
    date: todayInIndia(),
    cashOrDebtorAccountId: customer,
    pos: "27",
    itemDetails: [{ itemId: item, quantity: 2, rate: 100, gstRate: 5, amount: 200 }],
    accountDetails: [],
    grossAmount: 200,
    cgstAmount: 5,
    sgstAmount: 5,
    igstAmount: 0,
    roundOffAmount: 0,
    totalAmount: 210,
  });
}

test("Send Selected on the Sales list: each invoice to its party over SMTP, the one without an email skipped", async ({
  page,
}) => {
  const api = await playwrightRequest.newContext({ baseURL: base });
  const books = await setUpBooks(api);
  await page.context().addCookies((await api.storageState()).cookies);
  await books.post("/settings/organisation", { email: "accounts@sharmarice.in" });
  const party = (name: string, email?: string) =>
    books.addAccount({
      name,
      nature: "Debtors",
      gstType: "unregistered",
      state: "27",
      ...(email ? { email } : {}),
    });
  const asha = await party("Asha Traders", "asha@example.in");
  const bharat = await party("Bharat Stores", "bharat@example.in");
  const walkIn = await party("Walk-in Buyer");
  const item = await books.addItem({ name: "Rice Bag", hsnCode: "1006", uom: "BAG", gstRate: 5 });
  const invoices = [
    await addInvoice(books, asha, item),
    await addInvoice(books, bharat, item),
    await addInvoice(books, walkIn, item),
  ];

  await page.goto(`${base}${books.path("sales/list")}`);
  for (const invoice of invoices) {
    await page
      .getByRole("checkbox", { name: new RegExp(`^Select .*\\b${invoice.number}$`) })
      .check();
  }
  await page.getByRole("button", { name: "Send Selected (3)" }).click();
  const confirm = page.getByRole("dialog", { name: "Send 3 sales invoices by email" });
  await expect(confirm.getByText(/Parties without an email address are skipped/)).toBeVisible();
  await confirm.getByRole("button", { name: "Send" }).click();

  const results = page.getByRole("dialog", { name: "Sent by email" });
  await expect(
    results.getByText("2 emails sent; 1 skipped without an email address.", { exact: true }),
  ).toBeVisible();
  await expect(results.getByRole("row", { name: /Walk-in Buyer.*Skipped/ })).toBeVisible();
  await expect(
    results.getByRole("row", { name: /Asha Traders.*asha@example\.in.*Sent/ }),
  ).toBeVisible();

  for (const [address, invoice] of [
    ["asha@example.in", invoices[0]],
    ["bharat@example.in", invoices[1]],
  ] as const) {
    const [mail] = await mailsTo(address, 1);
    const parsed = mail?.parsed;
    expect(parsed?.from?.value[0]).toMatchObject({
      name: "Sharma Rice Traders",
      address: "no-reply@bahi.test",
    });
    expect(parsed?.replyTo?.value[0]?.address).toBe("accounts@sharmarice.in");
    expect(parsed?.subject).toContain(invoice?.number ?? "?");
    expect(parsed?.attachments.map((file) => file.contentType)).toEqual(["application/pdf"]);
  }
  // Nothing went to anyone for the walk-in's invoice: two mails besides the sign-up code.
  expect(peer.received.filter((mail) => mail.parsed.attachments.length > 0)).toHaveLength(2);
  await api.dispose();
});
