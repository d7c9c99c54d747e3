// Every tool the server registers. Adding a tool = adding its file and one line here.
import { getComplaint } from './get-complaint.js';
import { listComplaints } from './list-complaints.js';

export const TOOLS = [listComplaints, getComplaint];
