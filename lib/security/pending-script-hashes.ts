/**
 * The source the proxy puts in a run-time cached page's policy in place of its script hashes;
 * lib/security/response-script-hashes.ts replaces it with the hashes of the body being sent.
 * It is a well-formed hash source that matches no script, so a policy that kept it by mistake
 * allows nothing more.
 */
export const PENDING_SCRIPT_HASHES = "'sha256-bGl2ZS1tYXJrZXQtcGVuZGluZy1zY3JpcHRz'";
