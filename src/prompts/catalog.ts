// Every prompt the server offers. Adding a prompt = adding its file and one line here.
import { summarizeComplaint } from './summarize-complaint.js';
import { weeklyReport } from './weekly-report.js';

export const PROMPTS = [weeklyReport, summarizeComplaint];
