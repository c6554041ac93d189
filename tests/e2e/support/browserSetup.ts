/**
 * The browser files' global set-up: finds the browser once, before any file runs. The packaged Chromium is unpacked
 * to the temp directory on first use, and two files starting at once would both unpack it, one launching the
 * binary while the other is still writing it (ETXTBSY), so the unpacking happens here, in one process.
 */
import { chromePath } from './browser';

export default async function setup(): Promise<void> {
  await chromePath();
}
