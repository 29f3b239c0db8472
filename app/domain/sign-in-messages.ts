// Browser side of sign-in (docs/product.md §8): the messages and fallbacks the PIN dialog shows.

/** verify-pin's answer when the shop asks for the name first and none was chosen. */
export const CHOOSE_NAME_FIRST = "Choose your name first";
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
      return { success: false, error: body?.message || "Authentication failed" };
    }
    const user = (await res.json()) as ClientUser;
    if (expectedUserId && user.id !== expectedUserId) {
      return { success: false, error: "PIN does not match the selected team member" };
    }
    return { success: true, user };
  } catch {
    return { success: false, error: "Network error during authentication" };
  }
}
