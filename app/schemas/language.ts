import { LANGUAGES } from "~/domain/languages";
import { oneOf, z } from "./messages";

// Which language a member, an API token or a link speaks (docs/product.md, Languages): one of LANGUAGES, checked
// here and not by the database, so a third language is a name in domain/languages and nothing more.

/** A member's own language, or null to follow the device ('' is the form's 'Follow the device'). */
export const memberLanguage = z.preprocess((v) => (v === "" ? null : v), oneOf(LANGUAGES).nullable()).default(null);

/** A board or customer link's language, chosen when it is made: English unless another is chosen. */
export const linkLanguage = oneOf(LANGUAGES).default("en");

/**
 * The form's value for an API token that follows each request's Accept-Language (a form drops an empty value, so
 * it cannot be ''); stored as null.
 */
export const FOLLOW_ACCEPT_LANGUAGE = "accept-language";

/** An API token's language for its /api messages: English unless chosen; null follows each request's Accept-Language. */
export const tokenLanguage = z.preprocess((v) => (v === FOLLOW_ACCEPT_LANGUAGE ? null : v), oneOf(LANGUAGES).nullable()).default("en");
