// An account's statement and a deductee's TDS certificate: documents of their own, in the same
// fonts and scripts as every voucher's print.
import { joinText, prepareScripts } from "../../pdf-fonts/script-text.ts";
import { FONT, pdfMake, t } from "./pdf-make.ts";
import { describeStatement, type StatementDocument } from "./statement.ts";
import { describeTdsCertificate, type TdsCertificateDocument } from "./tds-certificate.ts";

export async function renderStatementPdf(statement: StatementDocument): Promise<Buffer> {
  await prepareScripts(statement);
  return pdfMake
    .createPdf({
      info: {
        title: `${statement.title} - ${statement.account.name}`,
        author: statement.organisation.name,
      },
      compress: true,
      pageSize: "A4",
      pageMargins: [28, 28, 28, 38],
      defaultStyle: { font: FONT, fontSize: 8.5, lineHeight: 1.15 },
      content: describeStatement(statement, t),
      footer: (currentPage: number, pageCount: number) => ({
        margin: [28, 8, 28, 0],
        fontSize: 7,
        columns: [
          { text: joinText(t(statement.account.name), ` - ${statement.period}`), width: "*" },
          { text: `Page ${currentPage} of ${pageCount}`, width: "auto", alignment: "right" },
        ],
      }),
    })
    .getBuffer();
}

/** A deductee's TDS certificate (issue 39), in the same fonts and scripts as every document. */
export async function renderTdsCertificatePdf(doc: TdsCertificateDocument): Promise<Buffer> {
  await prepareScripts(doc);
  return pdfMake
    .createPdf({
      info: { title: `${doc.title} - ${doc.deductee.name}`, author: doc.deductor.name },
      compress: true,
      pageSize: "A4",
      pageMargins: [28, 28, 28, 38],
      defaultStyle: { font: FONT, fontSize: 8.5, lineHeight: 1.15 },
      content: describeTdsCertificate(doc, t),
    })
    .getBuffer();
}
