import { randomBytes } from "node:crypto";

// The secret keys a link or a program presents (board links, calendar feeds, customer links, API tokens, upload
// addresses, session cookies): 32 random bytes, handed out once; only their SHA-256 is stored, so a copy of the
// database opens nothing (decisions 0041 and 0043).

/** A new key: 32 random bytes in base64url (43 characters), safe in a path, a query and a cookie. */
export const newKey = () => randomBytes(32).toString("base64url");

/**
 * What is stored of a key, and looked up by: its SHA-256 in hex. Every signed-in request hashes its session cookie:
 * Bun's one-shot hash costs a third of node:crypto's hash object.
 */
export const hashKey = (key: string) => Bun.SHA256.hash(key, "hex");
