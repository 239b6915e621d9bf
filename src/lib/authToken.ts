// Where the signed-in user's JWT is read from. The store registers its getter at start; the API
// client (lib/apiClient.ts, loaded with the first call) reads it for every request. Kept apart from
// the client so that the first page does not need axios before its first call.
type TokenGetter = () => string | null | undefined;

let getUserToken: TokenGetter = () => null;

/** The store tells the client where the signed-in user's JWT lives (lib imports no feature). */
export function configureAuthToken(getter: TokenGetter): void {
  getUserToken = getter;
}

export function userToken(): string | null | undefined {
  return getUserToken();
}
