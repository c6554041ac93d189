/** The API's prefix: every route of docs/api.md is under it. */
export const API = '/api/v1';
