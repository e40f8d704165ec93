import {
  ACCOUNT_FIELD_MESSAGES,
  ACCOUNT_MESSAGES,
  ACCOUNT_NATURES,
  AccountEditInput,
  AccountInput,
  BooksDateText,
  EMAIL_REQUIRED,
  EntityId,
  FinancialYearText,
  findAccountGroup,
  GstinText,
  OPENING_BALANCE_TYPES,
  optionalText,
  PHONE_REQUIRED,
  QueryBoolean,
  RupeeAmount,
  refineOpeningBalance,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../auth/auth.guard.ts";
import { EditVersion, listQueryValue } from "../masters/master-schemas.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { presentAccount } from "./account-presenter.ts";
import * as queries from "./accounts.queries.ts";
import * as service from "./accounts.service.ts";

const AccountRef = z.object({ organisationId: EntityId, accountId: EntityId });

// The list/{accountnature} screens may send a nature in any case ('debtors'); it is the group name.
const NatureQueryValue = z
  .string()
  .transform((text) => findAccountGroup(text)?.name ?? text)
  .pipe(z.enum(ACCOUNT_NATURES, { error: ACCOUNT_FIELD_MESSAGES.natureUnknown }));
const tags = ["Accounts"];

/** At most this many lines in one opening-balances save. */
export const OPENING_BALANCE_LINES_MAX = 10_000;

const OpeningBalancesBody = z.object({
  organisationId: EntityId,
  balances: z
    .array(
      z
        .object({
          accountId: EntityId,
          openingBalance: RupeeAmount,
          openingBalanceType: optionalText(
            z.enum(OPENING_BALANCE_TYPES, { error: ACCOUNT_MESSAGES.openingBalanceType }),
          ),
        })
        .superRefine(refineOpeningBalance),
    )
    .min(1, "Send at least one opening balance.")
    .max(
      OPENING_BALANCE_LINES_MAX,
      `At most ${OPENING_BALANCE_LINES_MAX} opening balances at once.`,
    ),
});

/**
 * spec api §7 "Account". Add is POST, edit and active/inactive PUT, contacts PATCH, as the spec
 * lists them. GET /account/listoftaskforstatus is not served: the spec names it without a meaning.
 */
export const accountsRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const db = deps.db;

  app.get(
    "/account/accountslist",
    {
      ...guard,
      schema: {
        tags,
        querystring: z.object({
          organisationId: EntityId,
          active: QueryBoolean.optional(),
          nature: listQueryValue(NatureQueryValue),
          withBalances: QueryBoolean.optional(),
          date: BooksDateText.optional(),
          year: FinancialYearText.optional(),
        }),
      },
    },
    async (request) => queries.listAccounts(db, callerOf(request), request.query),
  );

  app.get(
    "/account/creditor-debtor-accounts",
    {
      ...guard,
      schema: {
        tags,
        querystring: z.object({ organisationId: EntityId, active: QueryBoolean.optional() }),
      },
    },
    async (request) => queries.listPartyAccounts(db, callerOf(request), request.query),
  );

  app.get(
    "/account/getsingleaccountdetails",
    { ...guard, schema: { tags, querystring: AccountRef } },
    async (request) =>
      queries.getAccount(
        db,
        callerOf(request),
        request.query.organisationId,
        request.query.accountId,
      ),
  );

  app.post("/account/add", { ...guard, schema: { tags, body: AccountInput } }, async (request) => {
    const row = await service.addAccount(db, callerOf(request), request.body);
    return {
      success: true,
      accountId: row.id,
      account: presentAccount(row),
      message: service.ACCOUNT_SUCCESS.added,
    };
  });

  app.put(
    "/account/edit",
    { ...guard, schema: { tags, body: z.intersection(AccountEditInput, EditVersion) } },
    async (request) => {
      const row = await service.editAccount(db, callerOf(request), request.body);
      return {
        success: true,
        accountId: row.id,
        account: presentAccount(row),
        message: service.ACCOUNT_SUCCESS.edited,
      };
    },
  );

  for (const active of [true, false]) {
    app.put(
      `/account/${active ? "active" : "inactive"}`,
      { ...guard, schema: { tags, body: AccountRef } },
      async (request) => {
        const { organisationId, accountId } = request.body;
        const row = await service.setAccountActive(
          db,
          callerOf(request),
          organisationId,
          accountId,
          active,
        );
        return {
          success: true,
          account: presentAccount(row),
          message: active ? service.ACCOUNT_SUCCESS.active : service.ACCOUNT_SUCCESS.inactive,
        };
      },
    );
  }

  app.delete(
    "/account/delete",
    { ...guard, schema: { tags, querystring: AccountRef } },
    async (request) => {
      const { organisationId, accountId } = request.query;
      await service.deleteAccount(db, callerOf(request), organisationId, accountId);
      return { success: true, message: service.ACCOUNT_SUCCESS.deleted };
    },
  );

  app.get(
    "/account/accountnameavailablecheck",
    {
      ...guard,
      schema: {
        tags,
        querystring: z.object({
          organisationId: EntityId,
          name: z
            .string({ error: ACCOUNT_MESSAGES.nameRequired })
            .trim()
            .min(1, ACCOUNT_MESSAGES.nameRequired)
            .max(200, "Name cannot be more than 200 characters."),
          id: optionalText(EntityId),
        }),
      },
    },
    async (request) => queries.checkAccountName(db, callerOf(request), request.query),
  );

  app.get(
    "/account/gstinalreadypresent",
    {
      ...guard,
      schema: {
        tags,
        querystring: z.object({
          organisationId: EntityId,
          gstin: GstinText,
          accountId: optionalText(EntityId),
        }),
      },
    },
    async (request) => queries.checkGstinPresent(db, callerOf(request), request.query),
  );

  app.patch(
    "/account/addemail",
    {
      ...guard,
      schema: {
        tags,
        body: AccountRef.extend({ email: z.string({ error: EMAIL_REQUIRED.message }) }),
      },
    },
    async (request) => {
      const row = await service.addAccountContact(db, callerOf(request), {
        ...request.body,
        kind: "email",
      });
      return { success: true, email: row.email, message: service.ACCOUNT_SUCCESS.emailSaved };
    },
  );

  app.patch(
    "/account/addphone",
    {
      ...guard,
      schema: {
        tags,
        body: AccountRef.extend({ phone: z.string({ error: PHONE_REQUIRED.message }) }),
      },
    },
    async (request) => {
      const row = await service.addAccountContact(db, callerOf(request), {
        ...request.body,
        kind: "phone",
      });
      return { success: true, phone: row.mobile, message: service.ACCOUNT_SUCCESS.phoneSaved };
    },
  );

  app.get(
    "/account/accountslog",
    { ...guard, schema: { tags, querystring: AccountRef } },
    async (request) =>
      queries.readAccountLogs(
        db,
        callerOf(request),
        request.query.organisationId,
        request.query.accountId,
      ),
  );

  app.post(
    "/account/openingbalances",
    { ...guard, schema: { tags, body: OpeningBalancesBody } },
    async (request) => {
      const { updated } = await service.saveOpeningBalances(db, callerOf(request), request.body);
      return { success: true, updated, message: service.ACCOUNT_SUCCESS.openingBalances };
    },
  );

  app.get(
    "/account/openingbalancedifference",
    { ...guard, schema: { tags, querystring: z.object({ organisationId: EntityId }) } },
    async (request) =>
      queries.readOpeningBalanceDifference(db, callerOf(request), request.query.organisationId),
  );
};
