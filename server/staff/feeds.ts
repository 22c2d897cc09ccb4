/**
 * The back office's page of feed tokens (decision 094): owners only, over the one write path of
 * the tokens (server/feeds/consumers.ts), which the command shares and which audit-logs each
 * add and revocation under the owner's name.
 */
import type { AdminFeedsService, StaffSession } from "#app-context";
import type { FeedConsumers } from "../feeds/consumers.ts";
import { actorOf } from "./listings.ts";

function ownerOnly(session: StaffSession): void {
  if (session.user.role !== "owner") throw new Error("Only an owner may do this.");
}

export function createAdminFeeds(options: { consumers: FeedConsumers }): AdminFeedsService {
  const { consumers } = options;
  return {
    async list(session) {
      ownerOnly(session);
      return consumers.list();
    },
    async add(session, name) {
      ownerOnly(session);
      return consumers.add(actorOf(session), name);
    },
    async revoke(session, name) {
      ownerOnly(session);
      return consumers.revoke(actorOf(session), name);
    },
  };
}
