CREATE TABLE `shop_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`sign_in_mode` text DEFAULT 'pin' NOT NULL,
	`shop_address` text,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer,
	CONSTRAINT "shop_settings_one_row" CHECK("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_sign_in_mode" CHECK(sign_in_mode IN ('pin', 'name-then-pin'))
);
--> statement-breakpoint
INSERT INTO `shop_settings` (`id`) VALUES (1);
