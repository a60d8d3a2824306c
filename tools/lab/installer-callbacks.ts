/**
 * Where a simulated installer finds the URLs it reports to. A real installer learns them from its
 * kernel command line or from the preseed/kickstart/cloud-init file the command line names; the lab
 * looks in the same places rather than expecting any particular wording from the boot service.
 */

export interface InstallerCallbacks {
  /** POSTed when the install (or wipe) finished. */
  done: string;
  /** POSTed with a reason when it failed. */
  failed: string;
  /** POSTed with `&step=<step>` for each step (the boot service's progress callback). */
  progress: string;
}

const DONE_URL = /https?:\/\/[^\s'"<>`|\\]+?\/boot\/done\?[^\s'"<>`|\\]+/;
const FAILED_URL = /https?:\/\/[^\s'"<>`|\\]+?\/boot\/failed\?[^\s'"<>`|\\]+/;
const PROGRESS_URL = /https?:\/\/[^\s'"<>`|\\]+?\/boot\/progress\?[^\s'"<>`|\\]+/;

function clean(url: string): string {
  // Templates may hold the URL HTML-escaped (autoyast/XML) or end it with punctuation.
  return url.replace(/&amp;/g, '&').replace(/[),.]+$/, '');
}

/** The callback URLs in one text (a command line or an installer config), if it names them. */
export function findCallbacks(text: string): InstallerCallbacks | undefined {
  const done = DONE_URL.exec(text)?.[0];
  if (!done) return undefined;
  const doneUrl = clean(done);
  const failed = FAILED_URL.exec(text)?.[0];
  // Same endpoint family and token: failures go to /boot/failed when the text only names /boot/done.
  const failedUrl = failed ? clean(failed) : doneUrl.replace('/boot/done?', '/boot/failed?');
  const progress = PROGRESS_URL.exec(text)?.[0];
  const progressUrl = progress ? clean(progress) : doneUrl.replace('/boot/done?', '/boot/progress?');
  return { done: doneUrl, failed: failedUrl, progress: progressUrl };
}

/**
 * Installer configuration files a kernel command line points at: any `key=http…` parameter
 * (`url=`, `preseed/url=`, `ks=`, `inst.ks=`, `cloud-config-url=`, …) and cloud-init's NoCloud
 * seed (`ds=nocloud-net;s=http…/`, whose `user-data` is what the installer reads).
 */
export function configUrls(cmdline: string): string[] {
  const urls: string[] = [];
  for (const parameter of cmdline.split(/\s+/)) {
    const value = parameter.slice(parameter.indexOf('=') + 1);
    const seed = /(?:^|;)(?:s|seedfrom)=(https?:\/\/[^;]+)/.exec(value)?.[1];
    if (seed) urls.push(seed.endsWith('/') ? `${seed}user-data` : seed);
    else if (parameter.includes('=') && /^https?:\/\//.test(value)) urls.push(value);
  }
  return urls;
}
