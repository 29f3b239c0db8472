import { createContext, useContext } from "react";

// The per-request CSP nonce, provided by entry.server for the server render. It only matters in the HTML the
// server sends; in the browser it is "" (browsers hide the attribute from scripts anyway).
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
