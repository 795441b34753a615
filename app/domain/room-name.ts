/**
 * Renaming a room (spec section 6: any user of a tenancy can rename a room). The same rules are
 * enforced by the back-end (ADR 0012); the messages are translation keys.
 */
import { z } from "zod";

export const roomNameMaxLength = 40;

export const renameRoomSchema = z.object({
  roomName: z.string({ error: "rooms.error.not_found" }).trim().min(1, { error: "rooms.error.not_found" }),
  newName: z
    .string({ error: "rooms.error.required" })
    .trim()
    .min(1, { error: "rooms.error.required" })
    .max(roomNameMaxLength, { error: "rooms.error.too_long" })
    // Control characters would make names unreadable in the menu and in e-mails.
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: "rooms.error.invalid" }),
});
