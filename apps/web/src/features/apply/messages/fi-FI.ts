// fi-FI texts of this feature, merged under its own key by app/feature-messages.ts.
export const messages = {};
