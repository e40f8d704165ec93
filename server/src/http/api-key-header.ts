/** The header an API key is sent in (docs/api/organisations.md "API keys"). */
export const API_KEY_HEADER = "x-api-key";
