/** OpenAPI security of host calls: a bearer token, or the dashboard's session cookie. */
export const hostSecurity: { [scheme: string]: string[] }[] = [{ bearer: [] }, { session: [] }];
