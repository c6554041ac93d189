/** The API's prefix: every route of docs/api.md is under it. */
export const API = '/api/v1';
/** The back office's routes are under this one. */
export const STAFF_API = `${API}/staff`;
