import { nullableText } from "./common";
import { z } from "./messages";

// Global Settings → Customer page: the shop's name on customer status pages (empty: none).
export const ShopNameFormSchema = z.object({ intent: z.literal("name"), shopName: nullableText(100) });
