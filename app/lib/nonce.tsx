import { createContext, useContext } from 'react';

/**
 * The request's CSP nonce, provided by entry.server. In the browser it is empty: nonces are
 * only needed on the server-rendered inline scripts, and browsers hide the attribute anyway.
 */
export const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
