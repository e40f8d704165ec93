import { TOKEN_PRESENT_MARKER } from "@bahi/domain";

/**
 * Client-side auth state (spec 3 "Client-side session state", spec 4 "Auth flag"). The real token
 * lives in an httpOnly cookie; the client keeps only the marker word that says one is present.
 */
export interface AuthState {
  /** The start-up token check has answered. Until then guards wait instead of redirecting. */
  checked: boolean;
  isAuthenticated: boolean;
  token: "" | typeof TOKEN_PRESENT_MARKER;
  /** Where guards send a signed-out person: /signin, or /signin?forceLogout=true after an ended session. */
  signInPath: string;
}

export const INITIAL_AUTH_STATE: AuthState = {
  checked: false,
  isAuthenticated: false,
  token: "",
  signInPath: "/signin",
};

export type AuthAction =
  | { type: "login" }
  | { type: "tokenPresent"; value: unknown }
  | { type: "logout"; signInPath?: string };

export function reduceAuth(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case "login":
      return { ...state, checked: true, isAuthenticated: true, signInPath: "/signin" };
    case "tokenPresent":
      // Only the marker counts: a real token handed over by mistake is never stored.
      return action.value === TOKEN_PRESENT_MARKER
        ? { ...state, checked: true, isAuthenticated: true, token: TOKEN_PRESENT_MARKER }
        : state;
    case "logout":
      return {
        checked: true,
        isAuthenticated: false,
        token: "",
        signInPath: action.signInPath ?? "/signin",
      };
  }
}

export interface AuthStore {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  dispatch(action: AuthAction): void;
}

export function createAuthStore(initial: AuthState = INITIAL_AUTH_STATE): AuthStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action) {
      const next = reduceAuth(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

/** The app's one auth store. */
export const authStore = createAuthStore();

/** A successful sign-in, sign-up verification or demo login answer: `{ token: 'PRESENT' }`. */
export function markSignedIn(store: AuthStore, answer: { token?: unknown }): void {
  store.dispatch({ type: "login" });
  store.dispatch({ type: "tokenPresent", value: answer.token });
}
