import { deflateSync } from "node:zlib";
import {
  addOrganisation,
  continueToAddOrganisation,
  expect,
  newPerson,
  signUp,
  test,
} from "./support.ts";

/** A real 2×2 PNG (the server checks an image by its first bytes). */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("an owner saves the organisation settings with a logo, and removes it again", async ({
  page,
}) => {
  const person = newPerson("Ritu Joshi");
  await signUp(page, person);
  await continueToAddOrganisation(page);
  await addOrganisation(page, `Joshi Prints ${person.email.slice(-18, -13)}`);
  await page.getByRole("link", { name: "Organisation settings" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Organisation Settings" }),
  ).toBeVisible();

  const mobile = page.getByRole("textbox", { name: "Mobile" });
  await mobile.fill("98765");
  await mobile.press("Enter");
  await expect(page.getByText("Mobile number must be exactly 10 digits.")).toBeVisible();
  await mobile.fill("9876543210");
  await page.getByRole("textbox", { name: "Signatory name" }).fill("Ritu Joshi");

  // The chosen logo shows before it is saved.
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload logo" }).click();
  await (await chooser).setFiles({ name: "logo.png", mimeType: "image/png", buffer: tinyPng() });
  await expect(page.getByRole("img", { name: "Logo preview" })).toHaveAttribute("src", /^blob:/);
  await page.getByRole("textbox", { name: "Signatory name" }).press("Enter");
  await expect(page.getByText("Settings saved")).toBeVisible();

  // Saved: after a reload the logo comes from the server.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Mobile" })).toHaveValue("9876543210");
  await expect(page.getByRole("textbox", { name: "Signatory name" })).toHaveValue("Ritu Joshi");
  const logo = page.getByRole("img", { name: "Logo preview" });
  await expect(logo).toHaveAttribute("src", /^\/api\/files\/[\w-]+\/logo\?v=/);
  // The browser loaded and decoded it: the server sends the image back.
  const width = () => logo.evaluate((image) => (image as { naturalWidth: number }).naturalWidth);
  await expect.poll(width).toBe(2);

  await page.getByRole("button", { name: "Remove logo" }).click();
  await expect(page.getByText("Logo removed")).toBeVisible();
  await expect(page.getByText("No logo")).toBeVisible();
  await page.reload();
  await expect(page.getByText("No logo")).toBeVisible();
});
