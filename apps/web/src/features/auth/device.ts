const DEVICE_KEY = 'atoll.device';

/**
 * The device fingerprint `ts` of the login call (spec platform §7): a random id kept in this browser,
 * so the login log can tell devices apart without reading anything about the machine.
 */
export function deviceId(): string {
  try {
    const saved = localStorage.getItem(DEVICE_KEY);
    if (saved) return saved;
    const id = randomHex(16);
    localStorage.setItem(DEVICE_KEY, id);
    return id;
  } catch {
    // Storage blocked (private mode): a per-page id is still better than none.
    return randomHex(16);
  }
}

// crypto.randomUUID needs a secure context; getRandomValues works on plain http too.
function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}
