import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { createFilesystemPhotoStore } from "../photos/photo-store.ts";
import { exportBlm } from "./blm-export.ts";
import { sftpTargetOf } from "./sftp.ts";

/** A port nobody listens on (SFTP_TEST_PORT when the machine gives the tests a range). */
async function freePort(): Promise<number> {
  const given = Number(process.env.SFTP_TEST_PORT);
  if (Number.isInteger(given) && given > 0) return given;
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Waits until something accepts connections on the port. */
async function listening(port: number, sshd: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (sshd.exitCode !== null) throw new Error(`sshd exited with ${sshd.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port }, () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("sshd did not start listening");
}

/**
 * A real OpenSSH server of the test's own (Debian's openssh-server, which .ci/run installs):
 * its own host key and config in a temporary folder, the current user let in by a throwaway
 * key only, SFTP by OpenSSH's internal server.
 */
describe("uploading a feed over SFTP to a local OpenSSH server", () => {
  let folder: string;
  let inbox: string;
  let port: number;
  let sshd: ChildProcess;
  let keyFile: string;
  const user = userInfo().username;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "homes-sftp-"));
    inbox = join(folder, "inbox");
    mkdirSync(inbox);
    keyFile = join(folder, "client_key");
    for (const key of [join(folder, "host_key"), keyFile]) {
      execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key]);
    }
    writeFileSync(join(folder, "authorized_keys"), readFileSync(`${keyFile}.pub`));
    port = await freePort();
    writeFileSync(
      join(folder, "sshd_config"),
      [
        `Port ${port}`,
        "ListenAddress 127.0.0.1",
        `HostKey ${join(folder, "host_key")}`,
        `PidFile ${join(folder, "sshd.pid")}`,
        `AuthorizedKeysFile ${join(folder, "authorized_keys")}`,
        "StrictModes no",
        "PubkeyAuthentication yes",
        "PasswordAuthentication no",
        "KbdInteractiveAuthentication no",
        "PermitRootLogin prohibit-password",
        "UsePAM no",
        `AllowUsers ${user}`,
        "Subsystem sftp internal-sftp",
        "",
      ].join("\n"),
    );
    // sshd wants its privilege separation folder; as root it may make it.
    mkdirSync("/run/sshd", { recursive: true });
    sshd = spawn("/usr/sbin/sshd", ["-D", "-e", "-f", join(folder, "sshd_config")], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    await listening(port, sshd);
  });
  afterAll(() => {
    sshd?.kill();
    rmSync(folder, { recursive: true, force: true });
  });

  it("reads the address: user, password, host, port and folder", () => {
    expect(sftpTargetOf("sftp://feed:s%40cret@sftp.example.com:2222/upload/blm")).toEqual({
      host: "sftp.example.com",
      port: 2222,
      username: "feed",
      password: "s@cret",
      folder: "/upload/blm",
    });
    expect(sftpTargetOf("sftp://feed@sftp.example.com")).toMatchObject({ port: 22, folder: "." });
    expect(() => sftpTargetOf("sftp://sftp.example.com/x")).toThrow(/must name the user/);
  });

  describe.each(testDialects)("on %s", (dialect) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect, { seed: true });
    });
    afterAll(() => database?.drop());

    it("uploads the zip whole, under its own name, with a key and no password", async () => {
      const outputDir = mkdtempSync(join(tmpdir(), "homes-sftp-out-"));
      try {
        const target = sftpTargetOf(`sftp://${user}@127.0.0.1:${port}${inbox}`, keyFile);
        const report = await exportBlm({
          db: database.handle.db,
          // No photos: every listing is refused, and the (empty) file still goes up.
          photoStore: createFilesystemPhotoStore(join(folder, "no-images")),
          branchId: "48213",
          outputDir,
          sftp: target,
          now: new Date("2026-11-29T07:00:00Z"),
        });
        expect(report.uploadedTo).toBe(`sftp://127.0.0.1:${port}${inbox}/48213_2026112907.zip`);
        expect(readdirSync(inbox)).toEqual(["48213_2026112907.zip"]);
        expect(readFileSync(join(inbox, "48213_2026112907.zip"))).toEqual(
          readFileSync(report.zipPath),
        );
        rmSync(join(inbox, "48213_2026112907.zip"));
      } finally {
        rmSync(outputDir, { recursive: true, force: true });
      }
    });
  });
});
