// What export_complaints answers: where the register went (a file over stdio, a download link over
// HTTP), what it holds, and its columns. Declared once: the tool's outputSchema, and by z.infer the
// type the view fills.
import { z } from 'zod';

export const exportAnswerSchema = z.object({
  delivery: z.enum(['file', 'link']).describe('file: written on this computer (stdio); link: downloaded from the server (serve --http).'),
  fileName: z.string().describe("The register's file name: its selection, then .csv."),
  path: z.string().optional().describe('delivery file: where the file was written.'),
  rows: z.number().int().optional().describe('delivery file: records written, one row each, after the header row.'),
  url: z.string().optional().describe('delivery link: opens the register in a browser, without the key, until expiresAt. Give it to the member as it is.'),
  expiresAt: z.string().optional().describe('delivery link: when the link stops opening (ISO 8601).'),
  matchingNow: z
    .number()
    .int()
    .optional()
    .describe('delivery link: records the selection holds as the link is made; the file is read when the link is opened, so it holds the book as of then.'),
  sheets: z.boolean().describe("Each row also holds the record's sheet: item, amount, what the consumer described and asked, the official response."),
  filedFrom: z.string().optional().describe('The first filing day selected (YYYY-MM-DD, the API reads it as that day).'),
  filedTo: z.string().optional().describe('The last filing day selected.'),
  status: z.string().optional().describe('The status selected: open, in_review, resolved or unresolved (open and in_review).'),
  type: z.string().optional(),
  storeId: z.string().optional(),
  columns: z.array(z.string()).describe("The header row's names, in the register's language."),
  note: z.string().optional().describe('What the member should know: nothing matched, and why that may be.'),
});

export type ExportAnswer = z.infer<typeof exportAnswerSchema>;
