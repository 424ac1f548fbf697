// Plain values with no validator code, so the client can import them without shipping TypeBox.

/** Longest conversation subject (API.md 12). */
export const CONVERSATION_NAME_MAX_LENGTH = 100;
