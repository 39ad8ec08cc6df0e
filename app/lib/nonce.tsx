import { createContext, useContext } from 'react';

/** The policy allows exactly the scripts carrying it, by hash (ADR 042); undefined in the browser. */
export const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
