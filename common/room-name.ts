/**
 * Room names (spec section 6: any user of a tenancy can rename a room). The longest name the
 * portal's form and the back-end accept (ADR 0012). Kept free of zod so the rename form's page can
 * use it without shipping zod to the browser; the form's schema is in rename-room-form.ts.
 */
export const roomNameMaxLength = 40;
