// The legal response deadline as the tools report it: a few optional fields, present only when they
// say something. Shared by the list's rows, the overview's records and the detail.
import { z } from 'zod';

export const deadlineFields = {
  due: z.string().optional().describe("The law's response deadline, a calendar day in Lima (YYYY-MM-DD): the 15th business day after the filing day."),
  serviceDue: z
    .string()
    .optional()
    .describe('Only when the service\'s own deadline differs from the law\'s (due): the day the service sent, or "none" when it sent none.'),
  daysLeft: z
    .number()
    .int()
    .optional()
    .describe(
      "Business days left to answer (Monday to Friday, less Peru's national holidays) while there is no official response: negative when overdue, 3 or fewer is due soon.",
    ),
  answered: z.string().optional().describe('The day of the official response in Lima (YYYY-MM-DD), or "undated" when the service reports one without a date.'),
  daysLate: z.number().int().optional().describe('Business days the official response came after the deadline.'),
};

export type DeadlineFields = z.infer<z.ZodObject<typeof deadlineFields>>;
