import type { ApiTokenResponse } from "../../../core/api/tokens";
import type { ApiTokenRow } from "../../data/apiTokens";

export function presentApiToken(row: ApiTokenRow): ApiTokenResponse {
  return {
    id: row.id,
    name: row.name ?? "",
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
