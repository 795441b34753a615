/** Inputs of the e-mails that more than one of their tests renders. */
import type { InvitationMailInput } from "./invitation";

/** An invitation to Jens's first home, less its language. */
export const invitationInput: Omit<InvitationMailInput, "language"> = {
  to: "invitee@example.test",
  brand: "dk",
  link: "http://portal.test/signup?activationCode=ABCDEFGHIJKL",
  code: "ABCDEFGHIJKL",
  inviter: "Jens Hansen",
  home: "Nørrebrogade 148B, 4. tv., 2200 København N",
  validDays: 30,
};
