// The browser of the end-to-end tests, set up on a fresh machine before `npm test` needs it:
// PLAYWRIGHT_CHROMIUM when set, else Debian's headless shell (installed as root on Debian when
// missing), else Debian's /usr/bin/chromium, else Playwright's own build (downloaded with
// `npx playwright install chromium` when absent), else — as root on Debian —
// `apt-get install -y chromium`; otherwise it names the command to run and the caller stops.
// The headless shell is the browser Playwright itself runs headless tests in: with no browser
// UI, 20 pages cost it about 4 s of CPU against 11 s for the full chromium (same machine).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Whether a browser at `executablePath` (undefined: Playwright's own) starts headless. */
async function starts(executablePath) {
  try {
    const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--headless'] });
    await browser.close();
    return true;
  } catch {
    return false;
  }
}

function run(command) {
  console.log(`--- ${command}`);
  return spawnSync(command, { shell: true, stdio: 'inherit' }).status === 0;
}

const isRoot = () => process.getuid?.() === 0;
const isDebian = () => existsSync('/etc/debian_version');

/**
 * Resolves the value PLAYWRIGHT_CHROMIUM should have for playwright.config.ts (a path, or ''
 * for Playwright's own build), installing a browser when none is found. Returns null, after
 * printing the command to run, when it cannot.
 */
export async function ensureChromium(env = process.env) {
  if (env.PLAYWRIGHT_CHROMIUM !== undefined) return env.PLAYWRIGHT_CHROMIUM;
  if (existsSync(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  if (existsSync(DEBIAN_CHROMIUM) && isRoot() && isDebian()) {
    console.log("Installing Debian's chromium-headless-shell, the lighter browser for the tests.");
    const apt = 'DEBIAN_FRONTEND=noninteractive apt-get';
    if (
      run(
        `${apt} install -y -qq chromium-headless-shell || (${apt} update -qq && ${apt} install -y -qq chromium-headless-shell)`,
      ) &&
      (await starts(DEBIAN_HEADLESS_SHELL))
    )
      return DEBIAN_HEADLESS_SHELL;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (existsSync(chromium.executablePath()) && (await starts(undefined))) return '';

  console.log("No Chromium found: trying Playwright's own build.");
  if (run('npx playwright install chromium') && (await starts(undefined))) return '';

  if (isRoot() && isDebian()) {
    console.log("Playwright's build could not be installed or started: installing Debian's chromium.");
    const apt = 'DEBIAN_FRONTEND=noninteractive apt-get';
    if (run(`${apt} update -qq && ${apt} install -y -qq chromium`) && existsSync(DEBIAN_CHROMIUM)) {
      return DEBIAN_CHROMIUM;
    }
  }
  const command = isDebian()
    ? 'sudo apt-get install -y chromium'
    : 'npx playwright install --with-deps chromium';
  console.error(
    `No Chromium for the end-to-end tests. Run:\n  ${command}\n(or set PLAYWRIGHT_CHROMIUM to a Chromium binary), then npm test again.`,
  );
  return null;
}

// `node scripts/ensureChromium.mjs`: set up the browser alone, print what the tests will use.
if (import.meta.url === `file://${process.argv[1]}`) {
  const found = await ensureChromium();
  if (found === null) process.exit(1);
  console.log(`Chromium for the end-to-end tests: ${found || chromium.executablePath()}`);
}
