import { z } from 'zod';

/** Matches format/deadline.ts DeadlineStatus. */
export const deadlineOutputSchema = z.object({
  date: z.string().nullable().describe('The response deadline as a calendar date in Lima (the law counts Peru\'s days).'),
  businessDaysLeft: z
    .number()
    .int()
    .nullable()
    .describe("Business days left (Monday to Friday, not Peru's national holidays), negative when overdue; null once answered."),
  urgency: z.enum(['overdue', 'due_soon']).nullable().describe('overdue, due_soon (3 business days or fewer), or null.'),
  answered: z.boolean().describe('An official response exists; the deadline no longer runs.'),
  answeredOn: z.string().nullable().describe('The calendar date of the response in Lima.'),
  businessDaysLate: z.number().int().nullable().describe('Business days the response came after the deadline; 0 when on time.'),
});

export const todayOutputSchema = z.string().describe('Today in the time zone (YYYY-MM-DD): the day businessDaysLeft counts from.');
