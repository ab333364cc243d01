import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current server render. Kept in React context (not loader data) so that it
 * never travels in the page's JSON; in the browser it is undefined, which is what React expects.
 */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
