-- API tokens made before they expired get the default lifetime (API_TOKEN_DEFAULT_DAYS, 90)
-- counted from this upgrade, not from their creation: counting from creation would cut off
-- older integrations without warning the moment the server is upgraded, while this way every
-- token still ends within 90 days and its owner sees the date in the token list meanwhile.
UPDATE "auth_tokens" SET "expires_at" = now() + interval '90 days' WHERE "expires_at" IS NULL;--> statement-breakpoint
ALTER TABLE "auth_tokens" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "last_used_at" timestamp with time zone;
