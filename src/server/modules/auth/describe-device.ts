/*
 * A login's device in a few words, for its owner's list of active logins. A full user-agent
 * parser (ua-parser-js 2 is AGPL; the MIT ones are large) would name versions and models that
 * nobody needs to tell their own logins apart; a browser and a system are enough. Order
 * matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari".
 */

const BROWSERS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['Edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\//],
  ['Opera', /\b(?:OPR|OPT|Opera)\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Vivaldi', /\bVivaldi\//],
  ['Firefox', /\b(?:Firefox|FxiOS)\//],
  ['Chromium', /\bChromium\//],
  ['Chrome', /\b(?:Chrome|CriOS|HeadlessChrome)\//],
  ['Internet Explorer', /\b(?:Trident\/|MSIE )/],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

const SYSTEMS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['iPhone', /\b(?:iPhone|iPod)\b/],
  ['iPad', /\biPad\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\b(?:Macintosh|Mac OS X)\b/],
  ['Linux', /\b(?:Linux|X11)\b/],
];

/** Browsers on iPhone and iPad are WebKit underneath; one without a name of its own is Safari's engine. */
const IOS_WEBKIT = /\b(?:iPhone|iPod|iPad)\b.*\bAppleWebKit\//;

function firstMatch(userAgent: string, candidates: typeof BROWSERS): string | undefined {
  return candidates.find(([, pattern]) => pattern.test(userAgent))?.[0];
}

/** 'Chrome on Windows', 'Safari on iPhone', 'Firefox on Linux'; 'Unknown device' when nothing is known. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser =
    firstMatch(userAgent, BROWSERS) ?? (IOS_WEBKIT.test(userAgent) ? 'Safari' : undefined);
  const system = firstMatch(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Unknown browser on ${system}`;
  return 'Unknown device';
}
