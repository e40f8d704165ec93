import {
  addOrganisation,
  continueToAddOrganisation,
  expect,
  newPerson,
  organisationSwitcher,
  randomClientAddress,
  signUp,
  test,
} from "./support.ts";

test("an owner invites an accountant with rights on receipts only; the invitee accepts and is not offered user management", async ({
  page,
  browser,
}) => {
  test.slow(); // two people sign up, each hashing a password
  const owner = newPerson("Meera Iyer");
  const accountant = newPerson("Kiran Rao");
  const organisationName = `Iyer Exports ${owner.email.slice(-18, -13)}`;

  // The owner: signs up, adds the organisation, opens its users page from the dashboard.
  await signUp(page, owner);
  await continueToAddOrganisation(page);
  const { organisationId } = await addOrganisation(page, organisationName);
  await page.getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(owner.email) })).toContainText("Owner");

  // Invite by email as an accountant, with every right cleared and then receipts granted.
  const invite = page.getByRole("form", { name: "Invite a user" });
  await invite.getByRole("textbox", { name: "Email" }).fill(accountant.email);
  await expect(invite.getByRole("combobox", { name: "Role" })).toHaveValue("Accountant");
  await invite.getByRole("button", { name: "Clear all" }).click();
  for (const action of ["View", "Add", "Edit", "Delete"]) {
    await invite.getByRole("checkbox", { name: `Receipt: ${action}` }).check();
  }
  await expect(invite.getByRole("checkbox", { name: "Sales Invoice: View" })).not.toBeChecked();
  await invite.getByRole("textbox", { name: "Email" }).press("Enter");
  await expect(page.getByText("Invitation sent.")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(accountant.email) })).toContainText(
    "Pending",
  );

  // The invitee, in a browser of their own: signs up and finds the invitation on /organisations.
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() },
  });
  const other = await context.newPage();
  await signUp(other, accountant);
  await continueToAddOrganisation(other);
  await other.getByRole("button", { name: "User menu" }).click();
  await other.getByRole("menuitem", { name: "Your Organisations" }).click();
  await expect(other).toHaveURL(/\/organisations$/);
  const invitation = other.getByRole("region", { name: `Invitation to ${organisationName}` });
  await expect(invitation).toContainText(`${owner.name} invited you as Accountant.`);
  await invitation
    .getByRole("button", { name: `Accept invitation to ${organisationName}` })
    .click();
  await expect(other.getByText(`You have joined ${organisationName}`)).toBeVisible();
  await expect(other.getByRole("row", { name: new RegExp(organisationName) })).toContainText(
    "Accountant",
  );

  // Opening the organisation: the users page is not offered, and opening it by address says so.
  await other.getByRole("link", { name: organisationName }).click();
  await expect(organisationSwitcher(other)).toHaveAccessibleName(
    `Organisation: ${organisationName}`,
  );
  const year = new URL(other.url()).pathname.split("/")[2];
  await expect(other.getByRole("navigation", { name: "Settings" })).toBeVisible();
  await expect(other.getByRole("link", { name: "Users" })).toHaveCount(0);
  await expect(other.getByRole("link", { name: "Organisation settings" })).toHaveCount(0);
  await other.goto(`/${organisationId}/${year}/settings/users`);
  await expect(other.getByRole("heading", { name: "No access" })).toBeVisible();

  // The server is the authority: manage calls are refused with 403; the rights are as granted.
  const request = other.request;
  const sent = await request.get(
    `/api/organisation/listofinvitationsent?organisationId=${organisationId}`,
  );
  expect(sent.status()).toBe(403);
  const adding = await request.post("/api/organisation/adduser", {
    data: {
      organisationId,
      email: "someone@example.test",
      role: "viewer",
      transactionPermissions: [],
    },
  });
  expect(adding.status()).toBe(403);
  // The member list is readable by every member (docs/api/organisations.md); changing it is not.
  const members = await request.get(`/api/user/list?organisationId=${organisationId}`);
  const { users } = (await members.json()) as { users: { _id: string; isOwner: boolean }[] };
  const ownerId = users.find((user) => user.isOwner)?._id;
  const removing = await request.post("/api/organisation/removeuser", {
    data: { organisationId, userId: ownerId },
  });
  expect(removing.status()).toBe(403);
  const ownersRights = await request.get(
    `/api/user/rights?organisationId=${organisationId}&userId=${ownerId}`,
  );
  expect(ownersRights.status()).toBe(403);
  const rights = await request.get(`/api/user/rights?organisationId=${organisationId}`);
  expect(rights.status()).toBe(200);
  const body = (await rights.json()) as {
    role: string;
    rights: {
      transactionType: string;
      view: boolean;
      add: boolean;
      edit: boolean;
      delete: boolean;
    }[];
  };
  expect(body.role).toBe("accountant");
  expect(body.rights.filter((line) => line.view).map((line) => line.transactionType)).toEqual([
    "receipts",
  ]);
  expect(body.rights.find((line) => line.transactionType === "receipts")).toMatchObject({
    view: true,
    add: true,
    edit: true,
    delete: true,
  });

  // And the owner now sees the new member with their rights.
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(`^${accountant.name}`) })).toContainText(
    "Receipt: view, add, edit, delete",
  );
  await context.close();

  // The owner manages the member: rights edited, made inactive, then removed.
  const memberRow = page.getByRole("row", { name: new RegExp(`^${accountant.name}`) });
  await memberRow.getByRole("button", { name: `Edit ${accountant.name}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${accountant.name}` });
  await edit.getByRole("checkbox", { name: "Payment: View" }).check();
  await edit.getByRole("button", { name: "Update" }).press("Enter");
  await expect(memberRow).toContainText("Receipt: view, add, edit, delete; Payment: view");
  await expect(edit).toBeHidden();
  // The switch's input lies under its own track and, scrolled into view, under the sticky
  // header: the click goes to the input itself, as a keyboard user's Space would.
  await memberRow.getByRole("switch", { name: `${accountant.name} active` }).dispatchEvent("click");
  await expect(page.getByText(`${accountant.name} is now inactive`)).toBeVisible();
  await expect(
    memberRow.getByRole("switch", { name: `${accountant.name} active` }),
  ).not.toBeChecked();
  await memberRow.getByRole("button", { name: `Remove ${accountant.name}` }).click();
  await expect(page.getByRole("dialog", { name: "Confirm Delete" })).toContainText(
    accountant.email,
  );
  await page.keyboard.press("Enter");
  await expect(page.getByText("User Deleted")).toBeVisible();
  await expect(memberRow).toHaveCount(0);
});
