/** How a notice of intention was served: by post, by email, or filed with the Copyright Office. */
export const NOTICE_METHODS = ["mail", "email", "copyright_office"] as const;
export type NoticeMethod = (typeof NOTICE_METHODS)[number];

export const NOTICE_METHOD_LABELS: Record<NoticeMethod, string> = {
  mail: "by mail",
  email: "by email",
  copyright_office: "with the Copyright Office",
};
