import { signInChoices } from "~/services/auth.server";
import { api, json } from "~/http/api.server";

// GET /api/auth/sign-in-names, answered signed out like verify-pin: the PIN dialog's first step in 'Choose your
// name, then PIN' (decision 0025). `{ signInMode, members: [{ id, name }] }`; no names in 'PIN only'.

export function loader() {
  return api(() => json(signInChoices()));
}
