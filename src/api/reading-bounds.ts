// How much of the book one call reads at most. The tools' descriptions state these bounds, so this
// file loads at start with them; the readers that keep to them load at the first call.

/** Records a page holds when the server reads every page of a query: the API's largest page. */
export const PAGE_SIZE = 100;

/** Unresolved records read at most by one call: exact up to this many, at 100 pages. */
export const MAX_UNRESOLVED_RECORDS = 10_000;
