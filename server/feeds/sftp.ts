/**
 * Uploads a feed's file over SFTP (decision 097), as Rightmove and most portals take them:
 * `sftp://user:password@host:port/folder` (BLM_SFTP_URL), or a private key file instead of a
 * password (BLM_SFTP_KEY_FILE). The file goes up under a temporary name and is renamed, so the
 * portal never picks up half a file.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import SftpClient from "ssh2-sftp-client";

export interface SftpTarget {
  host: string;
  port: number;
  username: string;
  password?: string;
  /** A private key (PEM or OpenSSH), read from BLM_SFTP_KEY_FILE. */
  privateKey?: Buffer;
  /** The remote folder ("." is the login's home). */
  folder: string;
}

/** The target of an `sftp://` address, with an optional key file; throws when it is not one. */
export function sftpTargetOf(url: string, keyFile?: string): SftpTarget {
  const parsed = new URL(url);
  if (parsed.protocol !== "sftp:") throw new Error("must be an sftp:// address");
  if (parsed.username === "") throw new Error("must name the user (sftp://user@host/folder)");
  const folder = decodeURIComponent(parsed.pathname).replace(/^\/(?=~|\.)/, "") || ".";
  return {
    host: parsed.hostname,
    port: parsed.port === "" ? 22 : Number(parsed.port),
    username: decodeURIComponent(parsed.username),
    ...(parsed.password === "" ? {} : { password: decodeURIComponent(parsed.password) }),
    ...(keyFile ? { privateKey: readFileSync(keyFile) } : {}),
    folder,
  };
}

/** Uploads `localPath` as `name` in the target's folder; answers where it went. */
export async function uploadOverSftp(
  target: SftpTarget,
  localPath: string,
  name: string,
): Promise<string> {
  const client = new SftpClient("blm-feed");
  await client.connect({
    host: target.host,
    port: target.port,
    username: target.username,
    ...(target.password === undefined ? {} : { password: target.password }),
    ...(target.privateKey === undefined ? {} : { privateKey: target.privateKey }),
    readyTimeout: 20_000,
  });
  try {
    const final = posix.join(target.folder, name);
    const partial = `${final}.${randomUUID()}.partial`;
    await client.put(localPath, partial);
    await client.posixRename(partial, final);
    return `sftp://${target.host}:${target.port}/${final.replace(/^\/+/, "")}`;
  } finally {
    await client.end();
  }
}
