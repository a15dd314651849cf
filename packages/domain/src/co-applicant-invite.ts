import { z } from 'zod';

// Co-applicant invites (issue 13 item 8, docs/decisions/0038): what the main applicant sees of the invite
// they sent — the addresses masked, the token never.

export const coApplicantInviteStatusSchema = /* @__PURE__ */ z.enum(['none', 'sent', 'accepted', 'expired']);
export type CoApplicantInviteStatus = z.infer<typeof coApplicantInviteStatusSchema>;

export const coApplicantInviteViewSchema = /* @__PURE__ */ z.object({
  LoanApplicationID: z.string(),
  Status: coApplicantInviteStatusSchema,
  /** Masked: the invite keeps only what tells the main applicant where it went. */
  SentToEmail: z.string().nullable(),
  SentToPhone: z.string().nullable(),
  CreatedAt: z.string().nullable(),
  ExpiresAt: z.string().nullable(),
  AcceptedAt: z.string().nullable(),
});
export type CoApplicantInviteView = z.infer<typeof coApplicantInviteViewSchema>;
