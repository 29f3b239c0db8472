import { t } from "@lingui/core/macro";
import type { SignInMode } from "~/domain/constants";
// Browser side of sign-in (docs/product.md §8): the messages and fallbacks the PIN dialog shows.

/** verify-pin's answer when the shop asks for the name first and none was chosen. */
export const chooseNameFirstMessage = () => t`Choose your name first`;
export type ClientUser = {
  id: number;
  name: string;
  email: string | null;
  department: string | null;
  subdepartment: string | null;
  skills: string[];
  accessibleDepartments: string[];
};

export type LoginResult = { success: true; user: ClientUser } | { success: false; error: string };

export async function login(pinCode: string, expectedUserId?: number): Promise<LoginResult> {
  try {
    const res = await fetch("/api/auth/verify-pin", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(expectedUserId ? { pinCode, expectedUserId } : { pinCode }),
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      return { success: false, error: body?.message || t`Authentication failed` };
    }
    const user = (await res.json()) as ClientUser;
    if (expectedUserId && user.id !== expectedUserId) {
      return { success: false, error: t`PIN does not match the selected team member` };
    }
    return { success: true, user };
  } catch {
    return { success: false, error: t`Network error during authentication` };
  }
}

/** The sign-in modes of Global Settings → Sign-in, with what the page says of each and the toast after a save. */
export const signInModes = (): { value: SignInMode; title: string; text: string; saved: string }[] => [
  {
    value: "pin",
    title: t`PIN only`,
    text: t`Staff type their 4-digit PIN and the PIN alone says who they are. Quickest at the screen, and nobody's name is shown before they sign in.`,
    saved: t`Staff now sign in with their PIN only.`,
  },
  {
    value: "name-then-pin",
    title: t`Choose your name, then PIN`,
    text: t`Staff tap their name, then type their PIN. After 5 wrong PINs in 15 minutes that person's sign-in is locked for 15 minutes (others carry on), so guessing a PIN takes weeks instead of minutes. The list shows every active member's name to anyone who opens the sign-in screen.`,
    saved: t`Staff now choose their name, then enter their PIN.`,
  },
];
