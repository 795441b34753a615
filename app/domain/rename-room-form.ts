/**
 * The rename-room form (spec section 6: any user of a tenancy can rename a room). The same rules are
 * enforced by the back-end (ADR 0012); the messages are translation keys. Used by the action only,
 * so zod stays on the server.
 */

import { roomNameMaxLength } from "@common/room-name";
import { z } from "zod";

export const renameRoomSchema = z.object({
  roomName: z.string({ error: "rooms.error.not_found" }).trim().min(1, { error: "rooms.error.not_found" }),
  newName: z
    .string({ error: "rooms.error.required" })
    .trim()
    .min(1, { error: "rooms.error.required" })
    .max(roomNameMaxLength, { error: "rooms.error.too_long" })
    // Control characters would make names unreadable in the menu and in e-mails.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: "rooms.error.invalid" }),
});
