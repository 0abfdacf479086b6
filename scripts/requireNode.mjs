// Stops a command at once, with the reason, on a Node line package.json's engines leave out: on
// Node 20 a native binding (argon2) ends the process with a segmentation fault and no message.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const wanted = engines.node; // e.g. "^22.12.0 || ^24.0.0"
const [major, minor, patch] = process.versions.node.split('.').map(Number);
const fits = wanted.split('||').some((range) => {
  const [m, n, p] = range.trim().replace(/^\^/, '').split('.').map(Number);
  return major === m && (minor > n || (minor === n && patch >= p));
});
if (!fits) {
  console.error(
    `Shelfscope needs Node ${wanted} (package.json engines); this is Node ${process.versions.node}.` +
      ' Install Node 22 or 24 LTS (README, "Run the product").',
  );
  process.exit(1);
}
