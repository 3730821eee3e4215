// Runs before first paint: applies a saved theme choice so the page never flashes the other one.
// Without a saved choice nothing is set and the CSS follows prefers-color-scheme.
const script = `(function(){try{var t=localStorage.getItem("theme");if(t==="dark"||t==="light")document.documentElement.classList.add(t)}catch(e){}})()`;

export function ThemeScript({ nonce }: { nonce?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, run before first paint with the page's nonce
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
