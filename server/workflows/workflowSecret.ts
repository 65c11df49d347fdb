import { openSecret, sealSecret } from "../crypto/credentialBox";

/**
 * A workflow's signing secret as stored: sealed under ENCRYPTION_KEY with the workflow's id bound
 * in, so a database dump alone cannot forge its calls and a value copied onto another workflow
 * does not open.
 */
export function sealWorkflowSecret(key: Buffer, workflowId: string, secret: string): string {
  return sealSecret(key, secret, `workflow:${workflowId}`);
}

/** The signing secret of a stored one; throws when the key or id is wrong. */
export function openWorkflowSecret(key: Buffer, workflowId: string, stored: string): string {
  return openSecret(key, stored, `workflow:${workflowId}`);
}
