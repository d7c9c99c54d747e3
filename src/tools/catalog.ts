// Every tool the server registers. Adding a tool = adding its file and one line here.
import { complaintsOverview } from './complaints-overview.js';
import { getComplaint } from './get-complaint.js';
import { listComplaints } from './list-complaints.js';

export const TOOLS = [listComplaints, getComplaint, complaintsOverview];
