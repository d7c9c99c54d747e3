// Every prompt the server offers. Adding a prompt = adding its file and one line here.
import type { z } from 'zod';
import { draftResponse } from './draft-response.js';
import { monthlyReport } from './monthly-report.js';
import type { PromptDefinition } from './prompt.js';
import { summarizeComplaint } from './summarize-complaint.js';
import { weeklyReport } from './weekly-report.js';

/** Typed by the shape every prompt shares, so that one registration path serves them all. */
export const PROMPTS: ReadonlyArray<PromptDefinition<z.ZodRawShape>> = [weeklyReport, monthlyReport, summarizeComplaint, draftResponse];
