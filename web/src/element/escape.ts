/** Text from data or labels made safe inside HTML text and attribute values. */
export function escapeText(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
