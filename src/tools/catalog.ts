// Every tool the server registers. Adding a tool: its file, one line here, and the four steps of
// CONTRIBUTING.md (npm run docs:tools writes the lists made from this catalog).
import type { z } from 'zod';
import { complaintsOverview } from './complaints-overview.js';
import { exportComplaints } from './export-complaints.js';
import { getComplaint } from './get-complaint.js';
import { listComplaints } from './list-complaints.js';
import type { ToolDefinition } from './tool.js';

/** Typed by the shapes every tool shares, so that one registration path serves them all. */
export const TOOLS: ReadonlyArray<ToolDefinition<z.ZodRawShape, z.ZodRawShape>> = [listComplaints, getComplaint, complaintsOverview, exportComplaints];
