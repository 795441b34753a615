import { createContext, useContext } from "react";

/** The CSP nonce of this response (server only; in the browser the scripts are already there). */
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
