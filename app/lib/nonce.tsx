import { createContext, useContext } from 'react';

/**
 * The render's private mark for the inline scripts the app itself writes (entry.server): the
 * policy allows exactly the scripts carrying it, by their hashes (ADR 042). In the browser it is undefined.
 */
export const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
