import { z } from 'zod';

/** Matches format/deadline.ts DeadlineStatus. */
export const deadlineOutputSchema = z.object({
  date: z.string().nullable().describe('The response deadline as a calendar date in the time zone.'),
  daysLeft: z.number().int().nullable().describe('Calendar days left (negative when overdue); null once answered.'),
  answered: z.boolean().describe('An official response exists; the deadline no longer runs.'),
  answeredOn: z.string().nullable().describe('The calendar date of the response in the time zone.'),
  daysLate: z.number().int().nullable().describe('Days the response came after the deadline; 0 when on time.'),
});

export const todayOutputSchema = z.string().describe('Today in the time zone (YYYY-MM-DD): the day daysLeft counts from.');
