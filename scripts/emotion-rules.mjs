// How emotion (MUI's styling engine) names what it inserted: each rule belongs to one class name (`.css-<name>`,
// its first class in the rule) or is a keyframes block (`@keyframes animation-<hash>`); emotion keeps the names it
// has inserted, and a `<style data-emotion="css name1 name2 …">` already in the page counts as inserted.

/** The name emotion knows a rule's styles by (what follows `css-`, or the keyframes' name), or null. */
export function ownerOfRule(cssText) {
  const keyframes = /^@keyframes\s+([\w-]+)/.exec(cssText);
  if (keyframes) return keyframes[1];
  const owner = /\.css-([\w-]+)/.exec(cssText);
  return owner ? owner[1] : null;
}
