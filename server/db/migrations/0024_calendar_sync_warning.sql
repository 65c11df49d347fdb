-- A sync that worked but kept only part of the busy time (busyLimits.ts) says why here.
ALTER TABLE "calendar_connections" ADD COLUMN "sync_warning" text;
