import { Container, Stack, Title } from "@mantine/core";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { DocumentsFilter } from "./multiple-docs/DocumentsFilter.tsx";
import { DocumentsSection } from "./multiple-docs/DocumentsSection.tsx";
import { SendPanel } from "./multiple-docs/SendPanel.tsx";
import { useMultipleDocs } from "./multiple-docs/use-multiple-docs.ts";

/**
 * tools/multiple-docs, Send Multiple Docs (spec 2.3): a party's documents in one go. The parts
 * are in `multiple-docs/`; what they show is worked out in `multiple-docs/multiple-docs.model.ts`.
 */
export function MultipleDocsPage() {
  usePageTitle("Send Multiple Docs");
  const { organisation, year } = useOrganisationScope();
  const state = useMultipleDocs(organisation._id, year);
  return (
    <Container size="lg">
      <Stack gap="md">
        <Title order={1} fz="h2">
          Send Multiple Docs
        </Title>
        <DocumentsFilter
          accountId={state.account?._id ?? null}
          type={state.type}
          onAccount={state.pickAccount}
          onType={state.pickType}
        />
        <DocumentsSection state={state} year={year} />
        {state.account && <SendPanel state={state} />}
      </Stack>
    </Container>
  );
}
