import { EmailAddress, MobileNumber } from "@bahi/domain";
import { Center, Container, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { usePageTitle } from "../../components/use-page-title.ts";
import { type ContactChange, ContactChangeForm } from "./ContactChangeForm.tsx";
import { NameForm } from "./NameForm.tsx";
import { type OwnUser, useOwnUser } from "./own-user.api.ts";
import { PasswordForm } from "./PasswordForm.tsx";
import {
  confirmEmailChange,
  confirmMobileChange,
  requestEmailChange,
  requestMobileChange,
  resendEmailChangeCode,
  resendMobileChangeCode,
} from "./profile.api.ts";

function checkWith(schema: typeof EmailAddress | typeof MobileNumber) {
  return (value: string) => {
    const result = schema.safeParse(value);
    return result.success
      ? { ok: true as const, value: result.data }
      : { ok: false as const, message: result.error.issues[0]?.message ?? "Not valid." };
  };
}

const emailChange = (user: OwnUser): ContactChange => ({
  title: "Email",
  current: user.email,
  newLabel: "New email",
  inputType: "email",
  check: checkWith(EmailAddress),
  request: requestEmailChange,
  resend: resendEmailChangeCode,
  confirm: confirmEmailChange,
});

const mobileChange = (user: OwnUser): ContactChange => ({
  title: "Mobile number",
  current: user.mobileNumber,
  newLabel: "New mobile number",
  inputType: "tel",
  check: checkWith(MobileNumber),
  request: requestMobileChange,
  resend: resendMobileChangeCode,
  confirm: confirmMobileChange,
});

/** /{organisationId}/{year}/settings/profile: the person's own name, email, mobile and password. */
export function ProfilePage() {
  usePageTitle("Profile");
  const { data: user, isPending } = useOwnUser();
  return (
    <Container size="lg">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            Profile
          </Title>
          {user && (
            <Text c="dimmed" size="sm">
              Support ID {user.userSupportId}
            </Text>
          )}
        </div>
        {user ? (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <NameForm user={user} />
            <PasswordForm user={user} />
            <ContactChangeForm change={emailChange(user)} />
            <ContactChangeForm change={mobileChange(user)} />
          </SimpleGrid>
        ) : (
          isPending && (
            <Center py="xl">
              <Loader aria-label="Loading" />
            </Center>
          )
        )}
      </Stack>
    </Container>
  );
}
